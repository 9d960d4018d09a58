import { z } from 'zod';
import type { Clock } from '../../../../../lib/clock.js';
import {
  InvalidNotificationError,
  type PaymentGateway,
  type PaymentRequest,
  type PaymentSession,
  type PaymentState,
  type PaymentStatus,
  type VerifiedNotification,
} from '../port.js';
import { MidtransClient, type MidtransStatus } from './client.js';
import { midtransSignature, signatureMatches } from './signature.js';
import { paymentMethodOf, stateOf } from './status-map.js';

export interface MidtransOptions {
  serverKey: string;
  clientKey: string;
  snapUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

/** What a notification must carry for its signature to be checked at all. */
const notificationSchema = z.object({
  order_id: z.string().min(1).max(50),
  status_code: z.string().min(1).max(3),
  gross_amount: z.string().min(1).max(20),
  signature_key: z.string().min(1).max(256),
  transaction_status: z.string().min(1).max(40),
  fraud_status: z.string().max(40).optional(),
});

// Midtrans writes local times in Western Indonesia Time (GMT+7) without a zone.
const WIB_OFFSET_MS = 7 * 3_600_000;
const ITEM_NAME_MAX = 50;

/** "2026-01-15 10:00:00" (WIB) → the instant. */
function fromWib(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value.replace(' ', 'T')}+07:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instant → "2026-01-15 10:00:00 +0700", the form Snap's expiry.start_time takes. */
function toWib(date: Date): string {
  return `${new Date(date.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')} +0700`;
}

/** Midtrans Snap behind the payment gateway port. Nothing Midtrans-shaped leaves this folder. */
export class MidtransGateway implements PaymentGateway {
  readonly name = 'midtrans' as const;
  private readonly client: MidtransClient;

  constructor(
    private readonly options: MidtransOptions,
    private readonly clock: Clock,
  ) {
    this.client = new MidtransClient(options);
  }

  async createPayment(request: PaymentRequest): Promise<PaymentSession> {
    const now = this.clock.now();
    const minutesLeft = Math.max(
      1,
      Math.ceil((request.expiresAt.getTime() - now.getTime()) / 60_000),
    );
    const session = await this.client.createTransaction({
      transaction_details: { order_id: request.orderId, gross_amount: request.grossAmount },
      item_details: request.items.map((item) => ({
        id: item.id,
        price: item.price,
        quantity: item.quantity,
        name: item.name.slice(0, ITEM_NAME_MAX),
      })),
      customer_details: {
        first_name: request.customer.name,
        email: request.customer.email,
        ...(request.customer.phone ? { phone: request.customer.phone } : {}),
      },
      callbacks: { finish: request.finishUrl },
      expiry: { start_time: toWib(now), unit: 'minute', duration: minutesLeft },
    });
    return { token: session.token, redirectUrl: session.redirectUrl };
  }

  verifyNotification(
    _headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): VerifiedNotification {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) {
      const missingSignature =
        typeof body !== 'object' || body === null || !('signature_key' in body);
      throw new InvalidNotificationError(
        missingSignature
          ? 'The notification has no signature_key'
          : 'The notification is not a Midtrans notification',
      );
    }
    const n = parsed.data;
    const expected = midtransSignature(
      n.order_id,
      n.status_code,
      n.gross_amount,
      this.options.serverKey,
    );
    if (!signatureMatches(expected, n.signature_key))
      throw new InvalidNotificationError('The notification signature does not match');
    return {
      orderId: n.order_id,
      transactionStatus: n.transaction_status,
      fraudStatus: n.fraud_status ?? '',
      payload: body,
    };
  }

  async fetchStatus(orderId: string): Promise<PaymentStatus | null> {
    const status = await this.client.status(orderId);
    return status ? toPaymentStatus(status) : null;
  }

  claimedState(transactionStatus: string, fraudStatus: string): PaymentState {
    return stateOf(transactionStatus, fraudStatus || null);
  }

  browserConfig(): { clientKey: string | null; scriptUrl: string | null } {
    return { clientKey: this.options.clientKey, scriptUrl: `${this.options.snapUrl}/snap/snap.js` };
  }
}

export function toPaymentStatus(s: MidtransStatus): PaymentStatus {
  const state = stateOf(s.transaction_status, s.fraud_status ?? null);
  const refunded = s.refund_amount === undefined ? NaN : Number(s.refund_amount);
  return {
    orderId: s.order_id,
    state,
    gatewayStatus: s.transaction_status,
    grossAmount: Number(s.gross_amount),
    transactionId: s.transaction_id ?? null,
    paymentType: s.payment_type ?? null,
    paymentMethod: paymentMethodOf(s),
    // Cards are paid at capture; everything else at settlement.
    paidAt: fromWib(s.settlement_time) ?? (state === 'paid' ? fromWib(s.transaction_time) : null),
    refundedAmount: Number.isFinite(refunded) && refunded > 0 ? refunded : null,
  };
}
