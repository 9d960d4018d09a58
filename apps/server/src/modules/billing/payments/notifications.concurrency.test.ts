import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser } from '../../../test/fixtures.js';
import { PaymentFulfilment } from './fulfilment.js';
import {
  ledgerOf,
  notify,
  orderPaidAtGateway,
  paymentsHarness,
  type PaymentsHarness,
} from './test-helpers.js';

// The whole path on the real queue: HTTP notifications, pg-boss workers settling, PostgreSQL.
let h: PaymentsHarness;
beforeAll(async () => {
  h = await paymentsHarness({ jobs: 'pg-boss' });
});
afterAll(() => h.close());

describe('50 concurrent copies of each notification, with the real job queue', () => {
  it('credit every order exactly once and queue exactly one invoice each', async () => {
    const admin = await createUser(h.ctx, await createAccount(h.ctx), { role: 'admin' });
    const orders = [];
    for (const amount of [100_000, 150_000, 200_000, 250_000, 300_000])
      orders.push(await orderPaidAtGateway(h, admin, 'topup', { amount }));
    const copies = orders.flatMap((o) =>
      Array.from({ length: 50 }, () => h.stub.notification(o._id)),
    );
    const answers = await Promise.all(copies.map((body) => notify(h, body)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);

    const deadline = Date.now() + 30_000;
    let paid = 0;
    while (Date.now() < deadline) {
      const row = await h.ctx.deps.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', admin.accountId)
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow();
      paid = Number(row.n);
      if (paid === orders.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(paid).toBe(orders.length);
    const ledger = await ledgerOf(h, admin.accountId);
    expect(ledger.map((e) => e.orderId).sort()).toEqual(orders.map((o) => o._id).sort());
    expect(ledger.at(-1)?.after).toBe(1_000_000);
    const { rows } = await sql<{ order_id: string; n: number }>`
      SELECT data->>'orderId' AS order_id, count(*)::int AS n FROM pgboss.job
      WHERE name = 'invoice.issue' GROUP BY 1`.execute(h.ctx.deps.db);
    expect(rows.map((r) => r.order_id).sort()).toEqual(orders.map((o) => o._id).sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});

describe('a crash while settling', () => {
  it('mid-transaction: nothing is kept (no credit, no invoice job), and the retry pays once', async () => {
    const admin = await createUser(h.ctx, await createAccount(h.ctx), { role: 'admin' });
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 });
    const { db } = h.ctx.deps;
    // The ledger write fails after the order's status moved: as if the process died there.
    await sql`CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END $$`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER crash_once BEFORE INSERT ON balance_ledger FOR EACH ROW
      WHEN (NEW.order_id = '${order._id}') EXECUTE FUNCTION crash_once()`,
      )
      .execute(db);
    const fulfilment = new PaymentFulfilment(h.ctx.deps);
    try {
      await expect(fulfilment.settle(order._id)).rejects.toThrow(/simulated crash/);
    } finally {
      await sql`DROP TRIGGER crash_once ON balance_ledger`.execute(db);
      await sql`DROP FUNCTION crash_once()`.execute(db);
    }
    const pending = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');
    expect(await ledgerOf(h, admin.accountId)).toEqual([]);
    const jobs = async () => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'invoice.issue' AND data->>'orderId' = ${order._id}`.execute(db);
      return rows[0]?.n;
    };
    expect(await jobs()).toBe(0);
    expect(await fulfilment.settle(order._id)).toBe('paid');
    expect(await fulfilment.settle(order._id)).toBe('unchanged');
    expect(await ledgerOf(h, admin.accountId)).toHaveLength(1);
    expect(await jobs()).toBe(1);
  });
});
