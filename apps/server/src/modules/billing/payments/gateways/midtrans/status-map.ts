import type { PaymentState } from '../port.js';

/**
 * Midtrans' transaction_status (with fraud_status for cards) in the port's neutral words.
 * Anything unknown waits: a status we do not understand must never move money.
 */
export function stateOf(transactionStatus: string, fraudStatus: string | null): PaymentState {
  switch (transactionStatus) {
    case 'settlement':
      return 'paid';
    case 'capture':
      // A captured card is paid only once fraud review accepts it; 'challenge' waits for review.
      if (fraudStatus === 'accept') return 'paid';
      if (fraudStatus === 'deny') return 'failed';
      return 'challenge';
    case 'pending':
    case 'authorize':
      return 'pending';
    case 'deny':
    case 'cancel':
    case 'failure':
      return 'failed';
    case 'expire':
      return 'expired';
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return 'refunded';
    default:
      return 'pending';
  }
}

const BANKS: Record<string, string> = {
  bca: 'BCA',
  bni: 'BNI',
  bri: 'BRI',
  cimb: 'CIMB Niaga',
  permata: 'Permata',
  mandiri: 'Mandiri',
  danamon: 'Danamon',
  bsi: 'BSI',
};

const TYPES: Record<string, string> = {
  credit_card: 'Credit card',
  gopay: 'GoPay',
  shopeepay: 'ShopeePay',
  qris: 'QRIS',
  other_qris: 'QRIS',
  echannel: 'Mandiri Bill Payment',
  akulaku: 'Akulaku',
  kredivo: 'Kredivo',
  bca_klikpay: 'BCA KlikPay',
  cimb_clicks: 'CIMB Clicks',
  danamon_online: 'Danamon Online Banking',
  bri_epay: 'BRImo',
  uob_ezpay: 'UOB EZ Pay',
};

export interface MethodFields {
  payment_type?: string | undefined;
  va_numbers?: { bank?: string | undefined }[] | undefined;
  permata_va_number?: string | undefined;
  store?: string | undefined;
}

/** The method as a buyer recognises it on an invoice: "BCA Virtual Account", "QRIS", "GoPay". */
export function paymentMethodOf(fields: MethodFields): string | null {
  const type = fields.payment_type;
  if (!type) return null;
  if (type === 'bank_transfer') {
    const bank = fields.permata_va_number ? 'permata' : fields.va_numbers?.[0]?.bank;
    return bank ? `${BANKS[bank] ?? bank.toUpperCase()} Virtual Account` : 'Bank transfer';
  }
  if (type === 'cstore') {
    const store = fields.store ?? '';
    return store ? store.charAt(0).toUpperCase() + store.slice(1) : 'Convenience store';
  }
  return TYPES[type] ?? type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}
