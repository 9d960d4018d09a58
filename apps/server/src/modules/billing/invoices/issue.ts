import { formatInvoiceNumber } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import type { InvoicePartyDb } from '../../../db/schema-money.js';
import type { Deps } from '../../../deps.js';
import { invoiceYear, linesOf } from './lines.js';
import { orderForEvent } from './order-event.js';
import { billingProfileRepo } from './profile.repo.js';
import { invoicesRepo } from './repo.js';
import { readSeller } from './seller.js';

/**
 * The order is not paid as far as this transaction can see. The job that marks an order paid
 * enqueues `invoice.issue` in its own transaction, so this only happens in a race or when a job
 * was queued by hand; throwing lets pg-boss retry later (and the sweep catches what it gives up).
 */
export class OrderNotPaidYetError extends Error {
  constructor(readonly orderId: string) {
    super(`order ${orderId} is not paid yet; its invoice waits`);
  }
}

export type IssueOutcome =
  | { outcome: 'issued'; invoiceId: string; accountId: string; number: string }
  | { outcome: 'exists'; invoiceId: string; accountId: string }
  /** The order is gone (its account was deleted) or was never paid: nothing to invoice. */
  | { outcome: 'skipped'; reason: 'no-order' | 'not-payable' };

/** Who bought: the billing profile, or the account's name and its admin's email. */
async function buyerOf(db: Db, accountId: string): Promise<InvoicePartyDb> {
  const [profile, contact] = await Promise.all([
    billingProfileRepo.find(db, accountId),
    billingProfileRepo.accountContact(db, accountId),
  ]);
  return {
    name: profile?.company_name ?? contact?.name ?? '',
    address: profile?.address ?? '',
    npwp: profile?.npwp ?? null,
    email: profile?.email ?? contact?.adminEmail ?? null,
  };
}

/**
 * Issues the invoice of a paid order, once. One transaction: lock the order, stop if its invoice
 * exists, take the year's next number (the counter row's lock orders concurrent issues; a
 * rollback gives the number back), snapshot seller, buyer and lines, and store the order's own
 * figures. Safe to run any number of times, concurrently too.
 */
export async function issueInvoice(db: Db, orderId: string): Promise<IssueOutcome> {
  return db.transaction().execute(async (trx): Promise<IssueOutcome> => {
    const order = await invoicesRepo.lockOrder(trx, orderId);
    if (!order) return { outcome: 'skipped', reason: 'no-order' };
    const existing = await invoicesRepo.invoiceIdOfOrder(trx, orderId);
    if (existing) return { outcome: 'exists', invoiceId: existing, accountId: order.account_id };
    // A refunded order was paid first: its invoice stands (the refund is its own document).
    const paid = order.paid_at !== null && (order.status === 'paid' || order.status === 'refunded');
    if (!paid) {
      if (order.status === 'pending') throw new OrderNotPaidYetError(orderId);
      return { outcome: 'skipped', reason: 'not-payable' };
    }
    const paidAt = order.paid_at as Date;
    const year = invoiceYear(paidAt);
    const sequence = await invoicesRepo.nextSequence(trx, year);
    const number = formatInvoiceNumber(year, sequence);
    const [seller, buyer] = await Promise.all([readSeller(trx), buyerOf(trx, order.account_id)]);
    const invoiceId = await invoicesRepo.insert(trx, {
      accountId: order.account_id,
      orderId,
      year,
      sequence,
      number,
      // Dated the day it was paid, like its number's year: the document is a paid invoice.
      issuedAt: paidAt,
      seller,
      buyer,
      lines: linesOf({
        type: order.type,
        amount: Number(order.amount),
        productName: order.product_name,
        billingPeriod: order.billing_period,
        periodStart: order.period_start,
        periodEnd: order.period_end,
      }),
      // The order's own figures, never recomputed: what the buyer paid is what the invoice says.
      subtotal: order.amount,
      taxBase: order.tax_base,
      ppnRate: order.ppn_rate,
      ppn: order.ppn,
      total: order.gross_amount,
      paymentMethod: order.payment_method,
      paidAt,
    });
    return { outcome: 'issued', invoiceId, accountId: order.account_id, number };
  });
}

/** The `invoice.issue` job: issue, then tell the buyer's screens (after the commit). */
export async function runIssueInvoiceJob(deps: Deps, orderId: string): Promise<IssueOutcome> {
  const result = await issueInvoice(deps.db, orderId);
  if (result.outcome === 'skipped') {
    deps.log.warn({ orderId, reason: result.reason }, 'invoice not issued');
    return result;
  }
  // Also after 'exists': a crash between the commit and this line would otherwise lose the
  // event for good. A repeated event only repeats the order's current state.
  const order = await orderForEvent(deps.db, orderId);
  if (order) deps.events.publish({ type: 'order.updated', accountId: result.accountId, order });
  return result;
}

/** Sweep: issues what a job gave up on (paid at least a minute ago, within the last 30 days). */
export async function sweepUnissuedInvoices(deps: Deps): Promise<number> {
  const orderIds = await invoicesRepo.unissuedPaidOrders(deps.db, deps.clock.now(), {
    settleSeconds: 60,
    lookbackDays: 30,
    limit: 200,
  });
  let issued = 0;
  for (const orderId of orderIds) {
    try {
      const result = await runIssueInvoiceJob(deps, orderId);
      if (result.outcome === 'issued') issued++;
    } catch (err) {
      deps.log.error({ err, orderId }, 'invoice sweep could not issue');
    }
  }
  return issued;
}
