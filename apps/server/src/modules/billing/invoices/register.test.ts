import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount } from '../../../test/fixtures.js';
import { insertOrder } from '../../../test/fixtures-invoices.js';
import { invoicesRepo } from './repo.js';

let ctx: TestContext;

// The harness starts the invoice workers (registerInvoiceWorkers) as main.ts does.
beforeAll(async () => {
  ctx = await createTestContext({ jobs: 'pg-boss' });
});
afterAll(() => ctx.close());

/** Polls until the order has its invoice; the worker runs on its own schedule. */
async function invoiceOf(orderId: string, limitMs = 25_000): Promise<string | null> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const id = await invoicesRepo.invoiceIdOfOrder(ctx.deps.db, orderId);
    if (id) return id;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** Polls pg-boss' own record of the order's job until `check` holds. */
async function jobState(
  orderId: string,
  check: (s: { state: string; retryCount: number }) => boolean,
  limitMs = 15_000,
): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ state: string; retryCount: number }>`
      SELECT state, retry_count AS "retryCount" FROM pgboss.job
      WHERE name = 'invoice.issue' AND data->>'orderId' = ${orderId}`.execute(ctx.deps.db);
    if (rows[0] && check(rows[0])) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('invoice workers on pg-boss', () => {
  it('issue the invoice of an order marked paid with the job in the same transaction', async () => {
    const accountId = await createAccount(ctx);
    const orderId = await insertOrder(ctx, accountId, { status: 'pending', paidAt: null });
    await ctx.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set({ status: 'paid', paid_at: new Date('2041-03-01T03:00:00Z') })
        .where('id', '=', orderId)
        .execute();
      await ctx.deps.jobs.enqueue('invoice.issue', { orderId }, {}, trx);
    });
    expect(await invoiceOf(orderId)).not.toBeNull();
    const invoice = await ctx.deps.db
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(invoice.number).toBe('INV/2041/000001');
  });

  it('retry a job that ran before its order was paid, and then issue it', async () => {
    const accountId = await createAccount(ctx);
    const orderId = await insertOrder(ctx, accountId, { status: 'pending', paidAt: null });
    await ctx.deps.jobs.enqueue('invoice.issue', { orderId });
    // The first attempt finds the order unpaid and fails; pg-boss keeps the job for a retry.
    expect(await jobState(orderId, (s) => s.retryCount >= 1 && s.state === 'retry')).toBe(true);
    expect(await invoicesRepo.invoiceIdOfOrder(ctx.deps.db, orderId)).toBeNull();

    await ctx.deps.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: new Date('2042-03-01T03:00:00Z') })
      .where('id', '=', orderId)
      .execute();
    expect(await invoiceOf(orderId)).not.toBeNull();
  });
});
