import { randomInt, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { PaymentsConfig } from '../config.js';
import { cardDetails, TEST_CARDS } from './cards.js';
import { snapError, TransitionError } from './errors.js';
import { PaymentNotifier, type SentNotification, type SignatureMode } from './notifier.js';
import type { SnapRequest } from './request.js';
import type {
  CardDetails,
  CardOutcome,
  FraudStatus,
  PaymentMethod,
  Refund,
  SnapTransaction,
  TransactionStatus,
} from './types.js';
import { notificationBody } from './wire.js';

export interface Change {
  tx: SnapTransaction;
  notifications: SentNotification[];
}

// Bounds keep a long-running sandbox (or a benchmark) from growing without limit.
const MAX_TRANSACTIONS = 50_000;
const SWEEP_EVERY_MS = 1000;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/**
 * The Snap stand-in's state: Snap transactions by token and order id, every status change they
 * may make (each one notifies Sapa), and the expiry of payments left pending.
 */
export class SnapPayments {
  readonly notifier: PaymentNotifier;
  private byToken = new Map<string, SnapTransaction>();
  private byOrder = new Map<string, SnapTransaction>();
  private refundSeq = 0;
  private sweeper: NodeJS.Timeout;

  constructor(
    readonly config: PaymentsConfig,
    private clock: Clock,
    log: Logger,
  ) {
    this.notifier = new PaymentNotifier({
      serverKey: config.serverKey,
      retryMs: config.notificationRetryMs,
      timeoutMs: config.notificationTimeoutMs,
      log,
    });
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  now(): number {
    return this.clock.now();
  }

  create(request: SnapRequest, notificationUrls: string[]): SnapTransaction {
    if (this.byOrder.has(request.orderId)) {
      throw snapError(400, ['transaction_details.order_id has already been taken']);
    }
    const tx: SnapTransaction = {
      token: randomUUID(),
      orderId: request.orderId,
      grossAmount: request.grossAmount,
      items: request.items,
      customer: request.customer,
      finishUrl: request.finishUrl,
      enabledMethods: request.enabledMethods,
      notificationUrls,
      createdAt: this.now(),
      expiresAt: request.expiresAt,
      transactionId: null,
      method: null,
      status: null,
      fraudStatus: 'accept',
      transactionTime: null,
      settlementTime: null,
      vaNumber: null,
      card: null,
      refunds: [],
      history: [],
    };
    this.byToken.set(tx.token, tx);
    this.byOrder.set(tx.orderId, tx);
    if (this.byOrder.size > MAX_TRANSACTIONS) {
      const oldest = this.byOrder.values().next().value;
      if (oldest) {
        this.byOrder.delete(oldest.orderId);
        this.byToken.delete(oldest.token);
      }
    }
    return tx;
  }

  /** Looks a transaction up, letting a pending payment past its expiry expire first. */
  findByToken(token: string): SnapTransaction | undefined {
    const tx = this.byToken.get(token);
    if (tx) this.expireIfDue(tx);
    return tx;
  }

  findByOrder(orderId: string): SnapTransaction | undefined {
    const tx = this.byOrder.get(orderId);
    if (tx) this.expireIfDue(tx);
    return tx;
  }

  list(limit = 100): SnapTransaction[] {
    return [...this.byOrder.values()].slice(-limit).reverse();
  }

  /** The buyer picks a method: Midtrans creates the payment (VA number, QR, card charge). */
  charge(
    tx: SnapTransaction,
    method: PaymentMethod,
    card?: { outcome: CardOutcome; details: CardDetails },
  ): Change {
    if (tx.status !== null) {
      throw new TransitionError(`order ${tx.orderId} already has a payment (${tx.status})`);
    }
    if (this.now() >= tx.expiresAt) {
      throw new TransitionError(`the payment page of order ${tx.orderId} has expired`);
    }
    if (!tx.enabledMethods.includes(method)) {
      throw new TransitionError(`${method} is not enabled for order ${tx.orderId}`);
    }
    tx.transactionId = randomUUID();
    tx.method = method;
    tx.transactionTime = this.now();
    if (method === 'bca_va') tx.vaNumber = `12345${digits(6)}`;
    if (method === 'bni_va') tx.vaNumber = `988${digits(13)}`;
    if (method !== 'credit_card') return this.move(tx, 'pending', 'accept', 'charge');
    const outcome = card?.outcome ?? 'accept';
    tx.card = card?.details ?? cardDetails(TEST_CARDS[outcome], outcome);
    if (outcome === 'deny') return this.move(tx, 'deny', 'accept', 'card denied by the bank');
    return this.move(tx, 'capture', outcome, 'card charged');
  }

  /** The buyer pays (bank transfer, QR scan, e-wallet), or a captured card settles. */
  settle(tx: SnapTransaction): Change {
    const capturedCard = tx.status === 'capture' && tx.fraudStatus === 'accept';
    if (tx.status !== 'pending' && !capturedCard) throw this.cannot(tx, 'settle');
    tx.settlementTime = this.now();
    return this.move(tx, 'settlement', 'accept', 'paid');
  }

  deny(tx: SnapTransaction): Change {
    if (tx.status === 'pending') return this.move(tx, 'deny', 'accept', 'denied');
    if (tx.status === 'capture' && tx.fraudStatus === 'challenge') {
      return this.move(tx, 'deny', 'deny', 'challenge denied');
    }
    throw this.cannot(tx, 'deny');
  }

  approve(tx: SnapTransaction): Change {
    if (tx.status !== 'capture' || tx.fraudStatus !== 'challenge') throw this.cannot(tx, 'approve');
    return this.move(tx, 'capture', 'accept', 'challenge approved');
  }

  expire(tx: SnapTransaction): Change {
    if (tx.status !== 'pending') throw this.cannot(tx, 'expire');
    return this.move(tx, 'expire', 'accept', 'expired');
  }

  cancel(tx: SnapTransaction): Change {
    if (tx.status !== 'pending' && tx.status !== 'capture') throw this.cannot(tx, 'cancel');
    return this.move(tx, 'cancel', tx.fraudStatus, 'cancelled');
  }

  fail(tx: SnapTransaction): Change {
    if (tx.status !== 'pending') throw this.cannot(tx, 'fail');
    return this.move(tx, 'failure', 'accept', 'failed');
  }

  /**
   * Refunds all that is left, or `amount` of it. A refund_key seen before answers with that
   * refund again and moves no money, so a retried refund request cannot refund twice.
   */
  refund(
    tx: SnapTransaction,
    input: { amount?: number; reason?: string; key?: string },
  ): Change & { refund: Refund } {
    const previous = input.key ? tx.refunds.find((r) => r.refundKey === input.key) : undefined;
    if (previous) return { tx, notifications: [], refund: previous };
    const refundable =
      tx.status === 'settlement' ||
      tx.status === 'partial_refund' ||
      (tx.status === 'capture' && tx.fraudStatus === 'accept');
    if (!refundable) throw this.cannot(tx, 'refund');
    const refunded = tx.refunds.reduce((sum, r) => sum + r.amount, 0);
    const left = tx.grossAmount - refunded;
    const amount = input.amount ?? left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw new TransitionError(`a refund of order ${tx.orderId} must be 1 to ${left} rupiah`);
    }
    const refund: Refund = {
      refundChargebackId: ++this.refundSeq,
      refundKey: input.key ?? `refund-${tx.orderId}-${tx.refunds.length + 1}`,
      amount,
      reason: input.reason ?? null,
      createdAt: this.now(),
    };
    tx.refunds.push(refund);
    const status = amount === left ? 'refund' : 'partial_refund';
    return { ...this.move(tx, status, 'accept', status), refund };
  }

  /**
   * Sends the transaction's notification again, `times` copies at once: duplicates, a forged or
   * missing signature, or (validly signed) a status the status API will contradict.
   */
  resend(
    tx: SnapTransaction,
    options: {
      times: number;
      signature: SignatureMode;
      retry: boolean;
      status?: TransactionStatus;
      fraudStatus?: FraudStatus;
    },
  ): SentNotification[] {
    if (!tx.status && !options.status) {
      throw new TransitionError(`order ${tx.orderId} has no payment yet, so no notification`);
    }
    const override = options.status
      ? { status: options.status, fraudStatus: options.fraudStatus ?? 'accept' }
      : undefined;
    const body = notificationBody(tx, this.config, override);
    const sent: SentNotification[] = [];
    for (let i = 0; i < options.times; i++) {
      sent.push(
        ...this.notifier.send(tx.notificationUrls, body, {
          reason: 'control re-send',
          signature: options.signature,
          retry: options.retry,
        }),
      );
    }
    return sent;
  }

  /** Expires every pending payment past its expiry; returns how many. */
  sweep(): number {
    let expired = 0;
    for (const tx of this.byOrder.values()) if (this.expireIfDue(tx)) expired++;
    return expired;
  }

  reset(): void {
    this.byToken.clear();
    this.byOrder.clear();
    this.notifier.clearLog();
  }

  close(): void {
    clearInterval(this.sweeper);
    this.notifier.close();
  }

  private expireIfDue(tx: SnapTransaction): boolean {
    if (tx.status !== 'pending' || this.now() < tx.expiresAt) return false;
    this.move(tx, 'expire', 'accept', 'expired');
    return true;
  }

  private move(
    tx: SnapTransaction,
    status: TransactionStatus,
    fraudStatus: FraudStatus,
    reason: string,
  ): Change {
    tx.status = status;
    tx.fraudStatus = fraudStatus;
    tx.history.push({ status, fraudStatus, at: this.now() });
    const body = notificationBody(tx, this.config);
    return { tx, notifications: this.notifier.send(tx.notificationUrls, body, { reason }) };
  }

  private cannot(tx: SnapTransaction, action: string): TransitionError {
    const state = tx.status ? `is ${tx.status}` : 'has no payment yet';
    return new TransitionError(`order ${tx.orderId} ${state}; it cannot ${action}`);
  }
}
