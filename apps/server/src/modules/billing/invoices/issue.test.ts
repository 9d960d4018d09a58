import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ppnOf } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser } from '../../../test/fixtures.js';
import { insertOrder } from '../../../test/fixtures-invoices.js';
import {
  issueInvoice,
  OrderNotPaidYetError,
  runIssueInvoiceJob,
  sweepUnissuedInvoices,
} from './issue.js';
import { invoicesRepo } from './repo.js';
import { inYear, invoiceProbes } from './test-helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const { freshYear, invoiceOf, counter, sequencesOf } = invoiceProbes(() => ctx);

describe('invoice.issue', () => {
  it('issues a top-up invoice with the order’s figures, the platform seller and the admin as buyer', async () => {
    const accountId = await createAccount(ctx, { name: 'Toko Sinar Terang' });
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    const year = freshYear();
    const paidAt = inYear(year);
    const orderId = await insertOrder(ctx, accountId, { amount: 100_000, paidAt });
    const before = ctx.events.length;

    const result = await runIssueInvoiceJob(ctx.deps, orderId);

    expect(result).toMatchObject({ outcome: 'issued', number: `INV/${year}/000001` });
    const invoice = await invoiceOf(orderId);
    const tax = ppnOf(100_000, 11);
    expect(invoice).toMatchObject({
      account_id: accountId,
      year,
      sequence: 1,
      number: `INV/${year}/000001`,
      subtotal: '100000',
      tax_base: String(tax.taxBase),
      ppn_rate: '11.00',
      ppn: String(tax.ppn),
      total: String(tax.gross),
      payment_method: 'BCA Virtual Account',
      tax_invoice_number: null,
    });
    expect(invoice.tax_base).toBe('91667');
    expect(invoice.ppn).toBe('11000');
    expect(invoice.total).toBe('111000');
    expect(invoice.paid_at.toISOString()).toBe(paidAt.toISOString());
    expect(invoice.issued_at.toISOString()).toBe(paidAt.toISOString());
    expect(invoice.seller).toEqual({
      name: 'PT Sapa Teknologi Indonesia',
      address: 'Jakarta, Indonesia',
      npwp: null,
      email: null,
    });
    expect(invoice.buyer).toEqual({
      name: 'Toko Sinar Terang',
      address: '',
      npwp: null,
      email: admin.email,
    });
    expect(invoice.lines).toEqual([
      {
        description: 'Saldo top-up',
        quantity: 1,
        unitPrice: 100_000,
        amount: 100_000,
        item: { kind: 'topup' },
      },
    ]);

    const published = ctx.events.slice(before);
    expect(published).toEqual([
      expect.objectContaining({
        type: 'order.updated',
        accountId,
        order: expect.objectContaining({ _id: orderId, status: 'paid', invoiceId: invoice.id }),
      }),
    ]);
  });
  it('runs as the queued invoice.issue job, and the sweep is scheduled', async () => {
    const accountId = await createAccount(ctx);
    const orderId = await insertOrder(ctx, accountId, { paidAt: inYear(freshYear()) });
    await ctx.deps.jobs.enqueue('invoice.issue', { orderId });
    await ctx.jobs.drain();
    expect(await invoicesRepo.invoiceIdOfOrder(ctx.deps.db, orderId)).not.toBeNull();
    expect(ctx.jobs.schedules).toContainEqual({ name: 'invoice.sweep', cron: '*/5 * * * *' });
  });

  it('keeps PPN exactly as the order charged it, whatever the rate', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    for (const [amount, rate] of [
      [123_457, 11],
      [50_000, 12],
      [75_000, 0],
      [10_001, 11.5],
    ] as const) {
      const orderId = await insertOrder(ctx, accountId, {
        amount,
        ppnRate: rate,
        paidAt: inYear(year),
      });
      await issueInvoice(ctx.deps.db, orderId);
      const order = await ctx.deps.db
        .selectFrom('orders')
        .select(['amount', 'ppn_rate', 'tax_base', 'ppn', 'gross_amount'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const invoice = await invoiceOf(orderId);
      expect({
        subtotal: invoice.subtotal,
        rate: invoice.ppn_rate,
        taxBase: invoice.tax_base,
        ppn: invoice.ppn,
        total: invoice.total,
      }).toEqual({
        subtotal: order.amount,
        rate: order.ppn_rate,
        taxBase: order.tax_base,
        ppn: order.ppn,
        total: order.gross_amount,
      });
    }
  });
  it('names the plan, its period and renewals on plan lines', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    const periodStart = new Date(`${year}-01-15T03:00:00Z`);
    const periodEnd = new Date(`${year}-02-15T03:00:00Z`);
    const subscription = await insertOrder(ctx, accountId, {
      type: 'subscription',
      productCode: 'growth',
      amount: 799_000,
      billingPeriod: 'monthly',
      periodStart,
      periodEnd,
      paidAt: inYear(year, '01-15T03:00:00Z'),
    });
    const renewal = await insertOrder(ctx, accountId, {
      type: 'renewal',
      productCode: 'business',
      amount: 19_990_000,
      billingPeriod: 'yearly',
      paidAt: inYear(year),
    });
    await issueInvoice(ctx.deps.db, subscription);
    await issueInvoice(ctx.deps.db, renewal);

    expect((await invoiceOf(subscription)).lines).toEqual([
      {
        description: `Growth plan, monthly, 15 Jan ${year} – 15 Feb ${year}`,
        quantity: 1,
        unitPrice: 799_000,
        amount: 799_000,
        item: {
          kind: 'plan',
          orderType: 'subscription',
          plan: 'Growth',
          billingPeriod: 'monthly',
          periodStart: periodStart.toISOString(),
          periodEnd: periodEnd.toISOString(),
        },
      },
    ]);
    expect((await invoiceOf(renewal)).lines[0]?.description).toBe('Business plan renewal, yearly');
  });
  it('prints the saved billing profile and the seller as the operator set it, then keeps them', async () => {
    const accountId = await createAccount(ctx, { name: 'Account name' });
    await createUser(ctx, accountId, { role: 'admin' });
    await ctx.deps.db
      .insertInto('billing_profiles')
      .values({
        account_id: accountId,
        company_name: 'PT Maju Jaya Abadi',
        address: 'Jl. Merdeka No. 10, Bandung',
        npwp: '0123456789012345',
        email: 'finance@majujaya.co.id',
      })
      .execute();
    const setSeller = (key: string, value: string) =>
      ctx.deps.db.updateTable('platform_settings').set({ value }).where('key', '=', key).execute();
    await setSeller('seller_npwp', '0912345678901234');
    await setSeller('seller_email', 'finance@sapa.example');
    const year = freshYear();
    const first = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    await issueInvoice(ctx.deps.db, first);

    await setSeller('seller_name', 'PT Sapa Nusantara');
    await ctx.deps.db
      .updateTable('billing_profiles')
      .set({ company_name: 'PT Maju Jaya Sentosa' })
      .where('account_id', '=', accountId)
      .execute();
    const second = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    await issueInvoice(ctx.deps.db, second);
    await setSeller('seller_name', 'PT Sapa Teknologi Indonesia');
    await setSeller('seller_npwp', '');
    await setSeller('seller_email', '');

    expect((await invoiceOf(first)).buyer).toEqual({
      name: 'PT Maju Jaya Abadi',
      address: 'Jl. Merdeka No. 10, Bandung',
      npwp: '0123456789012345',
      email: 'finance@majujaya.co.id',
    });
    expect((await invoiceOf(first)).seller).toMatchObject({
      name: 'PT Sapa Teknologi Indonesia',
      npwp: '0912345678901234',
      email: 'finance@sapa.example',
    });
    expect((await invoiceOf(second)).buyer.name).toBe('PT Maju Jaya Sentosa');
    expect((await invoiceOf(second)).seller.name).toBe('PT Sapa Nusantara');
  });
  it('is idempotent: repeated and concurrent runs for one order issue one invoice and use one number', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    const orderId = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    const first = await runIssueInvoiceJob(ctx.deps, orderId);
    const again = await runIssueInvoiceJob(ctx.deps, orderId);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => issueInvoice(ctx.deps.db, orderId)),
    );

    expect(first.outcome).toBe('issued');
    expect(again).toMatchObject({ outcome: 'exists', invoiceId: (await invoiceOf(orderId)).id });
    expect(concurrent.every((r) => r.outcome === 'exists')).toBe(true);
    expect(await sequencesOf(year)).toEqual([1]);
    expect(await counter(year)).toBe(1);

    // Ten fresh copies racing from the start: still one invoice, one number.
    const racing = await insertOrder(ctx, accountId, { paidAt: inYear(year) });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => issueInvoice(ctx.deps.db, racing)),
    );
    expect(outcomes.filter((r) => r.outcome === 'issued')).toHaveLength(1);
    expect(await sequencesOf(year)).toEqual([1, 2]);
    expect(await counter(year)).toBe(2);
  });
  it('waits for an order that is not paid yet, and skips one that will never be', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    const pending = await insertOrder(ctx, accountId, { status: 'pending', paidAt: null });
    const failed = await insertOrder(ctx, accountId, { status: 'failed', paidAt: null });

    await expect(runIssueInvoiceJob(ctx.deps, pending)).rejects.toBeInstanceOf(
      OrderNotPaidYetError,
    );
    await expect(runIssueInvoiceJob(ctx.deps, failed)).resolves.toEqual({
      outcome: 'skipped',
      reason: 'not-payable',
    });
    await expect(runIssueInvoiceJob(ctx.deps, 'SAPA-NO-SUCH-ORDER')).resolves.toEqual({
      outcome: 'skipped',
      reason: 'no-order',
    });
    expect(await counter(year)).toBe(0);

    await ctx.deps.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: inYear(year) })
      .where('id', '=', pending)
      .execute();
    await expect(runIssueInvoiceJob(ctx.deps, pending)).resolves.toMatchObject({
      outcome: 'issued',
      number: `INV/${year}/000001`,
    });
  });
  it('still invoices an order refunded before its job ran (it was paid)', async () => {
    const accountId = await createAccount(ctx);
    const year = freshYear();
    const orderId = await insertOrder(ctx, accountId, {
      status: 'refunded',
      paidAt: inYear(year),
    });
    await expect(issueInvoice(ctx.deps.db, orderId)).resolves.toMatchObject({ outcome: 'issued' });
  });
  it('the sweep issues what a job gave up on, once the order settled', async () => {
    const accountId = await createAccount(ctx);
    const now = ctx.clock.now();
    const lost = await insertOrder(ctx, accountId, {
      paidAt: new Date(now.getTime() - 10 * 60_000),
    });
    const justPaid = await insertOrder(ctx, accountId, {
      paidAt: new Date(now.getTime() - 5_000),
    });

    expect(await sweepUnissuedInvoices(ctx.deps)).toBe(1);
    expect(await invoicesRepo.invoiceIdOfOrder(ctx.deps.db, lost)).not.toBeNull();
    expect(await invoicesRepo.invoiceIdOfOrder(ctx.deps.db, justPaid)).toBeNull();
    expect(await sweepUnissuedInvoices(ctx.deps)).toBe(0);
  });
});
