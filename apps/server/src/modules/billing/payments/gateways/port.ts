/**
 * The payment gateway port: what the money loop asks of Midtrans Snap, Xendit or any hosted
 * payment page. Callers (orders, notifications) never see a provider's wire format; each driver
 * lives in its own folder beside this file and is chosen by `PAYMENT_GATEWAY`.
 */

import type { PaymentGatewayName } from '../../../../config.js';

export type GatewayName = PaymentGatewayName;

export interface PaymentRequest {
  /** Our order id, used as the gateway's order id (Midtrans order_id, Xendit external_id). */
  orderId: string;
  /** Whole rupiah, PPN included. */
  grossAmount: number;
  /** Lines that add up to grossAmount (price and PPN as separate lines). */
  items: { id: string; name: string; price: number; quantity: number }[];
  customer: { name: string; email: string; phone: string | null };
  /** When the payment page stops accepting payment. */
  expiresAt: Date;
  /** Where the buyer's browser returns after paying (the top-up or plan page). */
  finishUrl: string;
}

export interface PaymentSession {
  /** Opens the gateway's popup (snap.js); the redirect URL works without it. */
  token: string;
  redirectUrl: string;
}

/**
 * The neutral state of a payment. `challenge` is a card payment held for fraud review: it waits,
 * like `pending`, until the gateway decides.
 */
export type PaymentState = 'pending' | 'challenge' | 'paid' | 'failed' | 'expired' | 'refunded';

export interface PaymentStatus {
  orderId: string;
  state: PaymentState;
  /** The gateway's own words (Midtrans transaction_status), kept on the order for support. */
  gatewayStatus: string;
  grossAmount: number;
  transactionId: string | null;
  /** Machine name of the method (bank_transfer, qris, gopay, credit_card). */
  paymentType: string | null;
  /** Words a buyer recognises: "BCA Virtual Account", "QRIS", "GoPay", "Credit card". */
  paymentMethod: string | null;
  paidAt: Date | null;
  /** Gross rupiah given back so far (refunds); null when none or the gateway does not say. */
  refundedAmount: number | null;
}

/** A notification whose authenticity the driver checked; its status is re-read before use. */
export interface VerifiedNotification {
  orderId: string;
  /** The gateway's status words, the idempotency key with the order id. */
  transactionStatus: string;
  fraudStatus: string;
  payload: unknown;
}

/** A notification that failed the driver's authenticity check (answered 401, nothing changes). */
export class InvalidNotificationError extends Error {}

/** The gateway could not be reached, timed out or failed (5xx): callers answer 502 and may retry. */
export class GatewayUnavailableError extends Error {}

/**
 * The gateway answered but refused the request (wrong server key, an order id it already used):
 * callers answer 502 too, but retrying the same request will not help.
 */
export class GatewayRefusedError extends GatewayUnavailableError {}

export interface PaymentGateway {
  readonly name: GatewayName;
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
  /** Checks authenticity from the raw request; throws InvalidNotificationError. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): VerifiedNotification;
  /**
   * The status as the gateway's status API says it now; null when the gateway has no payment for
   * the order (the buyer never chose a method). Throws GatewayUnavailableError.
   */
  fetchStatus(orderId: string): Promise<PaymentStatus | null>;
  /**
   * What a notification with these status words claims, in the port's words; the claim is only
   * believed once the status API agrees.
   */
  claimedState(transactionStatus: string, fraudStatus: string): PaymentState;
  /** What the browser needs for the gateway's popup; null values mean "redirect only". */
  browserConfig(): { clientKey: string | null; scriptUrl: string | null };
}
