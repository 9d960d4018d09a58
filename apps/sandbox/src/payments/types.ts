/** The methods the hosted page offers, named as Snap's `enabled_payments` names them. */
export const PAYMENT_METHODS = ['bca_va', 'bni_va', 'gopay', 'qris', 'credit_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Midtrans' transaction_status values (docs: "Transaction Status Cycle"). */
export type TransactionStatus =
  | 'pending'
  | 'capture'
  | 'settlement'
  | 'deny'
  | 'cancel'
  | 'expire'
  | 'failure'
  | 'refund'
  | 'partial_refund';

export type FraudStatus = 'accept' | 'challenge' | 'deny';

/** What a test card does in the sandbox, as Midtrans' sandbox test cards do. */
export type CardOutcome = 'accept' | 'challenge' | 'deny';

export interface SnapItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export interface SnapCustomer {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

export interface Refund {
  refundChargebackId: number;
  refundKey: string;
  amount: number;
  reason: string | null;
  createdAt: number;
}

export interface CardDetails {
  maskedCard: string;
  bank: string;
  approvalCode: string | null;
}

/**
 * One Snap transaction: created by `POST /snap/v1/transactions`; the payment itself (transaction
 * id, status) exists only once the buyer picks a method, as at Midtrans, whose status API answers
 * 404 until then.
 */
export interface SnapTransaction {
  token: string;
  orderId: string;
  grossAmount: number;
  items: SnapItem[];
  customer: SnapCustomer | null;
  finishUrl: string | null;
  enabledMethods: PaymentMethod[];
  /** Where this transaction's notifications go (configured URL, or the request's override). */
  notificationUrls: string[];
  createdAt: number;
  expiresAt: number;
  transactionId: string | null;
  method: PaymentMethod | null;
  status: TransactionStatus | null;
  fraudStatus: FraudStatus;
  transactionTime: number | null;
  settlementTime: number | null;
  vaNumber: string | null;
  card: CardDetails | null;
  refunds: Refund[];
  /** Every status it went through, oldest first, for the control API. */
  history: Array<{ status: TransactionStatus; fraudStatus: FraudStatus; at: number }>;
}
