import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount } from '../../../test/fixtures.js';
import { insertOrder } from '../../../test/fixtures-invoices.js';
import { issueInvoice, runIssueInvoiceJob } from './issue.js';
import { invoicesRepo } from './repo.js';
import { inYear, invoiceProbes } from './test-helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const { freshYear, invoiceOf, counter, sequencesOf } = invoiceProbes(() => ctx);

describe('invoice numbering', () => {
  it('numbers 50 orders paid at once 1..50: no gaps, no duplicates', async () => {
    const accountIds = await Promise.all(Array.from({ length: 5 }, () => createAccount(ctx)));
    const year = freshYear();
    const orderIds = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        insertOrder(ctx, accountIds[i % 5]!, { paidAt: inYear(year) }),
      ),
    );

    const results = await Promise.all(orderIds.map((id) => issueInvoice(ctx.deps.db, id)));

    expect(results.every((r) => r.outcome === 'issued')).toBe(true);
    expect(await sequencesOf(year)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const numbers = await ctx.deps.db
      .selectFrom('invoices')
      .select('number')
      .where('year', '=', year)
      .execute();
    expect(new Set(numbers.map((n) => n.number)).size).toBe(50);
    expect(await counter(year)).toBe(50);
  });
  it('gives a rolled-back number back: the next invoice takes it', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    const paid = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    await issueInvoice(ctx.deps.db, paid);

    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        expect(await invoicesRepo.nextSequence(trx, year)).toBe(2);
        throw new Error('payment bookkeeping failed after the number was taken');
      }),
    ).rejects.toThrow('bookkeeping failed');

    const next = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    await issueInvoice(ctx.deps.db, next);
    expect(await sequencesOf(year)).toEqual([1, 2]);
  });
  it('survives a crash mid-job: the failed run leaves nothing, the retry issues the same number', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    const orderId = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    // The database fails the first insert, after the counter moved: as if the process died there.
    await sql`CREATE TABLE crash_once (order_id text PRIMARY KEY)`.execute(ctx.deps.db);
    await sql`INSERT INTO crash_once VALUES (${orderId})`.execute(ctx.deps.db);
    await sql`
      CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM crash_once WHERE order_id = NEW.order_id) THEN
          RAISE EXCEPTION 'simulated crash while issuing %', NEW.order_id;
        END IF;
        RETURN NEW;
      END $$`.execute(ctx.deps.db);
    await sql`CREATE TRIGGER crash_once BEFORE INSERT ON invoices
      FOR EACH ROW EXECUTE FUNCTION crash_once()`.execute(ctx.deps.db);
    try {
      await expect(runIssueInvoiceJob(ctx.deps, orderId)).rejects.toThrow('simulated crash');
      expect(await counter(year)).toBe(0);
      expect(await sequencesOf(year)).toEqual([]);

      await sql`DELETE FROM crash_once`.execute(ctx.deps.db);
      await expect(runIssueInvoiceJob(ctx.deps, orderId)).resolves.toMatchObject({
        outcome: 'issued',
        number: `INV/${year}/000001`,
      });
    } finally {
      await sql`DROP TRIGGER crash_once ON invoices`.execute(ctx.deps.db);
      await sql`DROP FUNCTION crash_once()`.execute(ctx.deps.db);
      await sql`DROP TABLE crash_once`.execute(ctx.deps.db);
    }
  });
  it('numbers by the Asia/Jakarta calendar year of payment', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    // 16:59:59 UTC on 31 December is 23:59:59 in Jakarta; 17:30 UTC is 00:30 on 1 January.
    const lastOfYear = await insertOrder(ctx, accountId, {
      paidAt: new Date(`${year}-12-31T16:59:59Z`),
    });
    const firstOfNext = await insertOrder(ctx, accountId, {
      paidAt: new Date(`${year}-12-31T17:30:00Z`),
    });
    freshYear(); // the next year is this test's too
    await issueInvoice(ctx.deps.db, lastOfYear);
    await issueInvoice(ctx.deps.db, firstOfNext);

    expect((await invoiceOf(lastOfYear)).number).toBe(`INV/${year}/000001`);
    expect((await invoiceOf(firstOfNext)).number).toBe(`INV/${year + 1}/000001`);
    expect((await invoiceOf(firstOfNext)).year).toBe(year + 1);
  });
});
