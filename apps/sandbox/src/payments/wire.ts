import { createHash } from 'node:crypto';
import type { PaymentsConfig } from '../config.js';
import type { FraudStatus, PaymentMethod, SnapTransaction, TransactionStatus } from './types.js';

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** Midtrans writes amounts as strings with two decimals: 100000 → "100000.00". */
export function formatAmount(amount: number): string {
  return amount.toFixed(2);
}

/** Midtrans' timestamps: "2026-01-15 10:00:00", Western Indonesia Time (GMT+7), no zone. */
export function jakartaTime(ms: number): string {
  return new Date(ms + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Midtrans' status_code per state: 200 done (paid, cancelled, refunded), 201 waiting (pending, a
 * card held for fraud review), 202 refused (deny, failure) and 407 for expire, which its own client
 * libraries special-case as "non-standard". Receivers must key on transaction_status.
 */
export function statusCodeOf(status: TransactionStatus, fraudStatus: FraudStatus): string {
  switch (status) {
    case 'pending':
      return '201';
    case 'capture':
      return fraudStatus === 'challenge' ? '201' : '200';
    case 'deny':
    case 'failure':
      return '202';
    case 'expire':
      return '407';
    case 'settlement':
    case 'cancel':
    case 'refund':
    case 'partial_refund':
      return '200';
  }
}

/** SHA512(order_id + status_code + gross_amount + server key), hex: Midtrans' signature_key. */
export function signatureKey(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey)
    .digest('hex');
}

export function paymentTypeOf(method: PaymentMethod): string {
  switch (method) {
    case 'bca_va':
    case 'bni_va':
      return 'bank_transfer';
    case 'gopay':
      return 'gopay';
    case 'qris':
      return 'qris';
    case 'credit_card':
      return 'credit_card';
  }
}

export function bankOf(method: PaymentMethod): string | null {
  return method === 'bca_va' ? 'bca' : method === 'bni_va' ? 'bni' : null;
}

/** The fields a notification and the status API share for a transaction that has started. */
function transactionFields(
  tx: SnapTransaction,
  config: PaymentsConfig,
  status: TransactionStatus,
  fraudStatus: FraudStatus,
): Record<string, unknown> {
  const method = tx.method ?? 'bca_va';
  const statusCode = statusCodeOf(status, fraudStatus);
  const gross = formatAmount(tx.grossAmount);
  const fields: Record<string, unknown> = {
    transaction_time: jakartaTime(tx.transactionTime ?? tx.createdAt),
    transaction_status: status,
    transaction_id: tx.transactionId,
    status_code: statusCode,
    signature_key: signatureKey(tx.orderId, statusCode, gross, config.serverKey),
    payment_type: paymentTypeOf(method),
    order_id: tx.orderId,
    merchant_id: config.merchantId,
    gross_amount: gross,
    fraud_status: fraudStatus,
    currency: 'IDR',
  };
  if (status === 'pending') fields.expiry_time = jakartaTime(tx.expiresAt);
  if (tx.settlementTime !== null) fields.settlement_time = jakartaTime(tx.settlementTime);
  const bank = bankOf(method);
  if (bank && tx.vaNumber) {
    fields.va_numbers = [{ bank, va_number: tx.vaNumber }];
    fields.payment_amounts =
      tx.settlementTime === null
        ? []
        : [{ paid_at: jakartaTime(tx.settlementTime), amount: gross }];
  }
  if (method === 'qris') fields.acquirer = 'gopay';
  if (method === 'credit_card' && tx.card) {
    const approved = status !== 'deny';
    Object.assign(fields, {
      masked_card: tx.card.maskedCard,
      bank: tx.card.bank,
      card_type: 'credit',
      channel_response_code: approved ? '00' : '05',
      channel_response_message: approved ? 'Approved' : 'Do not honour',
      eci: '05',
      ...(approved && tx.card.approvalCode ? { approval_code: tx.card.approvalCode } : {}),
    });
  }
  if (tx.refunds.length > 0) {
    fields.refund_amount = formatAmount(tx.refunds.reduce((sum, r) => sum + r.amount, 0));
    fields.refunds = tx.refunds.map((r) => ({
      refund_chargeback_id: r.refundChargebackId,
      refund_amount: formatAmount(r.amount),
      created_at: jakartaTime(r.createdAt),
      reason: r.reason ?? '',
      refund_key: r.refundKey,
    }));
  }
  return fields;
}

/** The HTTP notification body Midtrans POSTs on a status change. */
export function notificationBody(
  tx: SnapTransaction,
  config: PaymentsConfig,
  override?: { status: TransactionStatus; fraudStatus: FraudStatus },
): Record<string, unknown> {
  const status = override?.status ?? tx.status;
  if (!status) throw new Error(`order ${tx.orderId} has no payment yet`);
  return {
    ...transactionFields(tx, config, status, override?.fraudStatus ?? tx.fraudStatus),
    status_message: 'midtrans payment notification',
  };
}

/** `GET /v2/{order_id}/status` for a transaction that has started. */
export function statusBody(tx: SnapTransaction, config: PaymentsConfig): Record<string, unknown> {
  if (!tx.status) throw new Error(`order ${tx.orderId} has no payment yet`);
  return {
    ...transactionFields(tx, config, tx.status, tx.fraudStatus),
    status_message: 'Success, transaction is found',
  };
}

/** Where the browser goes after paying: Midtrans appends the order and its status. */
export function finishRedirectUrl(
  finishUrl: string,
  orderId: string,
  statusCode: string,
  transactionStatus: string,
): string {
  const url = new URL(finishUrl);
  url.searchParams.set('order_id', orderId);
  url.searchParams.set('status_code', statusCode);
  url.searchParams.set('transaction_status', transactionStatus);
  return url.toString();
}

/** What snap.js hands onSuccess/onPending/onError: the status fields, without the signature. */
export function browserResult(
  tx: SnapTransaction,
  config: PaymentsConfig,
): Record<string, unknown> | null {
  if (!tx.status) return null;
  const { signature_key: _signature, ...fields } = statusBody(tx, config);
  const statusCode = statusCodeOf(tx.status, tx.fraudStatus);
  return {
    ...fields,
    ...(tx.finishUrl
      ? {
          finish_redirect_url: finishRedirectUrl(tx.finishUrl, tx.orderId, statusCode, tx.status),
        }
      : {}),
  };
}
