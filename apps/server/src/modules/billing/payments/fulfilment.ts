import type { Deps } from '../../../deps.js';
import type { OrderStatusDb } from '../../../db/schema-money.js';
import { LedgerService } from '../ledger.js';
import { applyPlanPurchase, reversePlanPurchase } from '../plans/activation.js';
import { GatewayManager } from './gateways/manager.js';
import type { PaymentState, PaymentStatus } from './gateways/port.js';
import { notificationsRepo } from './notifications.repo.js';
import { ordersRepo, type GatewayFacts, type OrderRow } from './orders.repo.js';
import { presentOrder } from './presenter.js';

export type SettleOutcome =
  | 'paid'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'waiting'
  | 'no_payment'
  | 'unchanged'
  | 'amount_mismatch'
  | 'unknown_order';

/**
 * How long a notification whose claim the status API does not (yet) bear out keeps being
 * re-checked by the reconcile sweep: the status API can lag the notification by a little.
 */
export const CLAIM_PATIENCE_MS = 24 * 3_600_000;

// How far along a payment is: a claim is answered once the status has reached it or gone past.
const PROGRESS: Record<PaymentState, number> = {
  pending: 0,
  challenge: 0,
  failed: 1,
  expired: 1,
  paid: 2,
  refunded: 3,
};

/** A notification is handled when the status read shows what it claimed, or later news. */
function answered(claimed: PaymentState, seen: PaymentState | null): boolean {
  if (PROGRESS[claimed] === 0) return true;
  return seen !== null && PROGRESS[seen] >= PROGRESS[claimed];
}

type FulfilmentDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'events' | 'jobs' | 'config'>;

const factsOf = (s: PaymentStatus): GatewayFacts => ({
  gatewayStatus: s.gatewayStatus,
  transactionId: s.transactionId,
  paymentType: s.paymentType,
  paymentMethod: s.paymentMethod,
});

/**
 * Moves money for an order exactly once, on the gateway's word as its status API gives it now
 * (never on a notification's or a browser's say-so). Every change is a compare-and-set on the
 * order's status in one transaction with what it pays for: the ledger credit or the plan, and the
 * `invoice.issue` job. Duplicates and concurrent runs find the status already moved and do
 * nothing; events go out after commit.
 */
export class PaymentFulfilment {
  private readonly gateways: GatewayManager;
  private readonly ledger: LedgerService;

  constructor(private readonly deps: FulfilmentDeps) {
    this.gateways = new GatewayManager(deps.config.payments, deps.clock);
    this.ledger = new LedgerService(deps);
  }

  /** Re-reads the order's payment and applies it. Throws GatewayUnavailableError on an outage. */
  async settle(orderId: string): Promise<SettleOutcome> {
    const { db, clock } = this.deps;
    const order = await ordersRepo.findById(db, orderId);
    if (!order) return 'unknown_order';
    const gateway = this.gateways.get(order.gateway);
    if (!gateway) return 'unknown_order';
    // Taken before the status is read: a notification arriving meanwhile stays unhandled.
    const notes = await notificationsRepo.unhandled(db, order.gateway, order.id);
    const status = await gateway.fetchStatus(order.id);
    const outcome = await this.apply(order, status);
    const now = clock.now();
    const done = notes.filter(
      (n) =>
        answered(gateway.claimedState(n.transactionStatus, n.fraudStatus), status?.state ?? null) ||
        now.getTime() - n.receivedAt.getTime() >= CLAIM_PATIENCE_MS,
    );
    await notificationsRepo.markHandled(
      db,
      done.map((n) => n.id),
      outcome,
      now,
    );
    return outcome;
  }

  private async apply(order: OrderRow, status: PaymentStatus | null): Promise<SettleOutcome> {
    const now = this.deps.clock.now();
    if (!status) {
      // No payment at the gateway: nobody chose a method. Past its expiry nobody can any more.
      if (order.status === 'pending' && order.expires_at.getTime() <= now.getTime())
        return this.close(order, 'expired', null);
      return 'no_payment';
    }
    if (status.orderId !== order.id || status.grossAmount !== Number(order.gross_amount)) {
      this.deps.log.error(
        { orderId: order.id, gross: order.gross_amount, gatewayGross: status.grossAmount },
        'payment amount differs from the order; nothing was credited',
      );
      return 'amount_mismatch';
    }
    switch (status.state) {
      case 'paid':
        return this.pay(order, status);
      case 'pending':
      case 'challenge':
        await ordersRepo.noteWaiting(this.deps.db, order.id, { ...factsOf(status), now });
        return 'waiting';
      case 'failed':
        return this.close(order, 'failed', status);
      case 'expired':
        return this.close(order, 'expired', status);
      case 'refunded':
        return this.refund(order, status);
    }
  }

  /**
   * Paid: from pending, or from failed/expired too (a card retried after a denial, a payment the
   * gateway accepted after our clock closed the order), because the money is real either way.
   */
  private async pay(order: OrderRow, status: PaymentStatus): Promise<SettleOutcome> {
    const now = this.deps.clock.now();
    const saldo = await this.deps.db.transaction().execute(async (trx) => {
      const row = await ordersRepo.transition(
        trx,
        order.id,
        ['pending', 'failed', 'expired'],
        'paid',
        { ...factsOf(status), now, paidAt: status.paidAt ?? now },
      );
      if (!row) return undefined;
      let balance: number | null = null;
      if (row.type === 'topup') {
        const posting = await this.ledger.credit(
          row.account_id,
          {
            kind: 'topup',
            amount: Number(row.amount),
            orderId: row.id,
            description: `Top-up ${row.id}`,
          },
          trx,
        );
        balance = posting.entry.balanceAfter;
      } else if (row.product_id && row.billing_period) {
        const period = await applyPlanPurchase(
          trx,
          {
            accountId: row.account_id,
            orderId: row.id,
            productId: row.product_id,
            billingPeriod: row.billing_period,
            amount: row.amount,
          },
          now,
        );
        await ordersRepo.setPeriod(trx, row.id, period.start, period.end);
      }
      await this.deps.jobs.enqueue('invoice.issue', { orderId: row.id }, {}, trx);
      return balance;
    });
    if (saldo === undefined) return 'unchanged';
    await this.announce(order, saldo);
    return 'paid';
  }

  /** Failed or expired: only a pending order closes (a paid one stays paid). */
  private async close(
    order: OrderRow,
    to: Extract<OrderStatusDb, 'failed' | 'expired'>,
    status: PaymentStatus | null,
  ): Promise<SettleOutcome> {
    const now = this.deps.clock.now();
    const row = await ordersRepo.transition(this.deps.db, order.id, ['pending'], to, {
      ...(status
        ? factsOf(status)
        : { gatewayStatus: 'none', transactionId: null, paymentType: null, paymentMethod: null }),
      now,
    });
    if (!row) return 'unchanged';
    await this.announce(order, null);
    return to;
  }

  /**
   * Money returned to the buyer reverses what the order paid for, once. A top-up's balance is
   * taken back as far as it still holds (the ledger never goes below zero); what was already
   * spent is recorded on the order as `refund_shortfall` for the operator. A plan order's period
   * ends. An order refunded before we saw it paid had credited nothing and reverses nothing.
   */
  private async refund(order: OrderRow, status: PaymentStatus): Promise<SettleOutcome> {
    const now = this.deps.clock.now();
    const facts = { ...factsOf(status), now };
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const row = await ordersRepo.transition(trx, order.id, ['paid'], 'refunded', facts);
      if (!row) {
        const unpaid = await ordersRepo.transition(
          trx,
          order.id,
          ['pending', 'failed', 'expired'],
          'refunded',
          facts,
        );
        return unpaid ? { saldo: null } : undefined;
      }
      if (row.type !== 'topup') {
        if (row.period_start && row.period_end)
          await reversePlanPurchase(
            trx,
            row.account_id,
            { start: row.period_start, end: row.period_end },
            now,
          );
        return { saldo: null };
      }
      const share = refundShare(row, status);
      const { posting, taken } = await this.ledger.takeBack(
        row.account_id,
        { amount: share, orderId: row.id, description: `Refund of top-up ${row.id}` },
        trx,
      );
      const shortfall = Math.round((share - taken) * 100) / 100;
      if (shortfall > 0) {
        await ordersRepo.setShortfall(trx, row.id, shortfall);
        this.deps.log.warn(
          { orderId: row.id, accountId: row.account_id, shortfall },
          'refunded top-up was partly spent; the shortfall is left for the operator',
        );
      }
      return { saldo: posting?.created ? posting.entry.balanceAfter : null };
    });
    if (!result) return 'unchanged';
    await this.announce(order, result.saldo);
    return 'refunded';
  }

  private async announce(order: OrderRow, saldo: number | null): Promise<void> {
    const { db, events } = this.deps;
    const view = await ordersRepo.findView(db, order.account_id, order.id);
    if (view)
      events.publish({
        type: 'order.updated',
        accountId: order.account_id,
        order: presentOrder(view),
      });
    if (saldo !== null)
      events.publish({ type: 'balance.updated', accountId: order.account_id, saldo });
  }
}

/**
 * How much balance a refund takes back: all of the top-up, or, for a partial refund, the same
 * share of it as the gross amount returned (PPN included) is of the gross amount paid.
 */
export function refundShare(
  order: Pick<OrderRow, 'amount' | 'gross_amount'>,
  status: PaymentStatus,
): number {
  const amount = Number(order.amount);
  const gross = Number(order.gross_amount);
  const returned = status.refundedAmount;
  if (returned === null || returned >= gross || gross <= 0) return amount;
  return Math.round((amount * returned) / gross);
}
