import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  PASSWORD,
  type TestUser,
} from '../../test/fixtures.js';
import { LedgerService } from '../billing/ledger.js';
import { createOperator, randomAddress, type TestOperator } from './test-helpers.js';

// What an operator does from the console, each change with its audit entry.

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let op: TestOperator;
let operatorId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx, { name: 'Warung Makan Bu Sri' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  await createWhatsappChannel(ctx, accountId);
  op = await createOperator(ctx);
  operatorId = (
    await ctx.deps.db
      .selectFrom('operators')
      .select('id')
      .where('email', '=', op.email)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: op.cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const auditOf = async (action: string) =>
  ctx.deps.db
    .selectFrom('ops_audit_log')
    .select(['via', 'operator_id', 'detail', 'account_id'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('accounts', () => {
  it('lists accounts with plan, status, balance, channels and this month’s usage', async () => {
    const ledger = new LedgerService(ctx.deps);
    await ledger.credit(accountId, { amount: 100_000, kind: 'adjustment' });
    await ledger.charge(accountId, { amount: 350, orderId: 'usage:1' });
    await ledger.charge(accountId, { amount: 550, orderId: 'usage:2' });
    await ledger.credit(accountId, { amount: 550, kind: 'refund', orderId: 'usage:2' });
    const res = await call('GET', '/api/ops/accounts?search=bu%20sri');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: accountId,
      name: 'Warung Makan Bu Sri',
      adminEmail: admin.email,
      plan: { code: 'starter' },
      status: 'active',
      balance: 99_650,
      channels: 1,
      usageThisMonth: 350,
    });
    const byEmail = await call(
      'GET',
      `/api/ops/accounts?search=${encodeURIComponent(admin.email)}`,
    );
    expect(byEmail.json().data.map((a: { id: string }) => a.id)).toEqual([accountId]);
    const none = await call('GET', '/api/ops/accounts?status=suspended&search=bu%20sri');
    expect(none.json().total).toBe(0);
  });

  it('answers 400 for a bad query and 404 for an unknown account', async () => {
    expect((await call('GET', '/api/ops/accounts?status=gone')).statusCode).toBe(400);
    expect((await call('GET', '/api/ops/accounts/not-a-uuid')).statusCode).toBe(400);
    expect((await call('GET', `/api/ops/accounts/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('shows an account’s settings, subscription, ledger and audit', async () => {
    const res = await call('GET', `/api/ops/accounts/${accountId}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.subscription).toMatchObject({ plan: { code: 'starter' }, status: 'active' });
    expect(detail.settings.find((s: { key: string }) => s.key === 'bo.ppn')).toEqual({
      key: 'bo.ppn',
      stored: null,
      effective: '11',
    });
    expect(detail.ledger[0]).toMatchObject({ kind: 'refund', amount: 550 });
  });
});

describe('platform settings', () => {
  it('refuses the whole batch when one value is wrong', async () => {
    const res = await call('PUT', `/api/ops/accounts/${accountId}/settings`, {
      settings: [
        { key: 'bo.broadcast_limit', value: '5000' },
        { key: 'bo.ppn', value: '120' },
        { key: 'token', value: 'x' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'settings.1.value',
      'settings.2.value',
    ]);
    const stored = await ctx.deps.db
      .selectFrom('settings')
      .select('key')
      .where('account_id', '=', accountId)
      .where('key', '=', 'bo.broadcast_limit')
      .execute();
    expect(stored).toEqual([]);
  });

  it('writes bo keys through the settings module, tenants read them, and it is audited', async () => {
    const res = await call('PUT', `/api/ops/accounts/${accountId}/settings`, {
      settings: [
        { key: 'bo.broadcast_limit', value: '5000' },
        { key: 'bo.isCsat', value: 'true' },
        { key: 'bo.api_only', value: 'true' },
        { key: 'topupPrices', value: '[500000, 100000]' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const tenant = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: admin.auth,
    });
    const values = new Map(
      (tenant.json().data as { key: string; value: string }[]).map((s) => [s.key, s.value]),
    );
    expect(values.get('bo.broadcast_limit')).toBe('5000');
    expect(values.get('bo.isCsat')).toBe('true');
    expect(values.get('bo.api_only')).toBe('true');
    expect(values.get('topupPrices')).toBe('[100000,500000]');
    const [entry] = await auditOf('settings.set');
    expect(entry).toMatchObject({ via: 'console', operator_id: operatorId, account_id: accountId });
    expect(entry?.detail).toEqual({
      changes: [
        { key: 'bo.broadcast_limit', before: null, after: '5000' },
        { key: 'bo.isCsat', before: null, after: 'true' },
        { key: 'bo.api_only', before: null, after: 'true' },
        { key: 'topupPrices', before: null, after: '[100000,500000]' },
      ],
    });
    // Back to a regular account for the tests below.
    await call('PUT', `/api/ops/accounts/${accountId}/settings`, {
      settings: [{ key: 'bo.api_only', value: null }],
    });
    const account = await ctx.deps.db
      .selectFrom('accounts')
      .select('type')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(account.type).toBe('regular');
  });

  it('stays closed to the tenant admin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: admin.auth,
      payload: { settings: [{ key: 'bo.broadcast_limit', value: '1' }] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('balance', () => {
  const saldo = async () => (await new LedgerService(ctx.deps).balance(accountId)).saldo;

  it('credits once for concurrent copies of one request, names the operator, and tells the tenant', async () => {
    const before = await saldo();
    const requestId = randomUUID();
    const body = { direction: 'credit', amount: 250_000, reason: 'Promo credit', requestId };
    const published = ctx.events.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/ops/accounts/${accountId}/balance`, body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().created)).toHaveLength(1);
    expect(await saldo()).toBe(before + 250_000);
    const rows = await ctx.deps.db
      .selectFrom('balance_ledger')
      .select(['operator_id', 'kind', 'description'])
      .where('order_id', '=', `ops:${requestId}`)
      .execute();
    expect(rows).toEqual([
      { operator_id: operatorId, kind: 'adjustment', description: 'Promo credit' },
    ]);
    const events = ctx.events.slice(published).filter((e) => e.type === 'balance.updated');
    expect(events).toEqual([{ type: 'balance.updated', accountId, saldo: before + 250_000 }]);
    expect(await auditOf('balance.credit')).toHaveLength(1);
  });

  it('refuses a debit below zero with 409 and changes nothing', async () => {
    const before = await saldo();
    const res = await call('POST', `/api/ops/accounts/${accountId}/balance`, {
      direction: 'debit',
      amount: before + 1,
      reason: 'Too much',
    });
    expect(res.statusCode).toBe(409);
    expect(await saldo()).toBe(before);
    expect(await auditOf('balance.debit')).toHaveLength(0);
  });

  it('answers 400 for amounts that are not whole positive rupiah', async () => {
    for (const amount of [0, -5, 10.5, 'lots', 2_000_000_000]) {
      const res = await call('POST', `/api/ops/accounts/${accountId}/balance`, {
        direction: 'credit',
        amount,
        reason: 'x',
      });
      expect(res.statusCode, String(amount)).toBe(400);
    }
  });
});

describe('due date', () => {
  it('extends from the due date, or from today once it has passed', async () => {
    const sub = () =>
      ctx.deps.db
        .selectFrom('subscriptions')
        .select('due_date')
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
    const due = (await sub()).due_date;
    const res = await call('POST', `/api/ops/accounts/${accountId}/due-date`, {
      days: 7,
      reason: 'Bank transfer arrived late',
    });
    expect(res.statusCode).toBe(200);
    expect((await sub()).due_date.getTime()).toBe(due.getTime() + 7 * 86_400_000);

    await ctx.deps.db
      .updateTable('subscriptions')
      .set({ due_date: new Date(ctx.clock.now().getTime() - 40 * 86_400_000) })
      .where('account_id', '=', accountId)
      .execute();
    await call('POST', `/api/ops/accounts/${accountId}/due-date`, { days: 3, reason: 'Grace' });
    expect((await sub()).due_date.getTime()).toBe(ctx.clock.now().getTime() + 3 * 86_400_000);
    const entries = await auditOf('subscription.extend');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.detail).toMatchObject({
      days: 7,
      before: due.toISOString(),
      after: new Date(due.getTime() + 7 * 86_400_000).toISOString(),
    });
  });

  it('says so when the account has no plan', async () => {
    const bare = await createAccount(ctx, { subscribed: false });
    const res = await call('POST', `/api/ops/accounts/${bare}/due-date`, { days: 3, reason: 'x' });
    expect(res.statusCode).toBe(409);
  });
});

describe('tax invoice number', () => {
  async function invoice(): Promise<string> {
    const orderId = `SAPA-T-${randomUUID().slice(0, 8)}`;
    const now = ctx.clock.now();
    await ctx.deps.db
      .insertInto('orders')
      .values({
        id: orderId,
        account_id: accountId,
        type: 'topup',
        status: 'paid',
        amount: 100_000,
        ppn_rate: 11,
        tax_base: 91_667,
        ppn: 11_000,
        gross_amount: 111_000,
        gateway: 'midtrans',
        created_at: now,
        updated_at: now,
        paid_at: now,
        expires_at: now,
      })
      .execute();
    const party = JSON.stringify({ name: 'X', address: '', npwp: null, email: null });
    const row = await ctx.deps.db
      .insertInto('invoices')
      .values({
        account_id: accountId,
        order_id: orderId,
        year: 2026,
        sequence: Math.floor(Math.random() * 1e6),
        number: `INV/2026/${randomUUID().slice(0, 6)}`,
        issued_at: now,
        seller: party,
        buyer: party,
        lines: '[]',
        subtotal: 100_000,
        tax_base: 91_667,
        ppn_rate: 11,
        ppn: 11_000,
        total: 111_000,
        paid_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('enters a 17-digit NSFP (typed with dots or spaces), shown on the account, audited', async () => {
    const id = await invoice();
    const res = await call('PUT', `/api/ops/invoices/${id}/tax-invoice-number`, {
      taxInvoiceNumber: '010.000-26.00000001 0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().taxInvoiceNumber).toBe('01000026000000010');
    const detail = (await call('GET', `/api/ops/accounts/${accountId}`)).json();
    expect(detail.invoices.find((i: { id: string }) => i.id === id).taxInvoiceNumber).toBe(
      '01000026000000010',
    );
    const [entry] = await auditOf('invoice.tax_number');
    expect(entry?.account_id).toBe(accountId);
    expect(entry?.detail).toMatchObject({
      invoiceId: id,
      before: null,
      after: '01000026000000010',
    });
  });

  it('answers 400 for a wrong form and 404 for an unknown invoice', async () => {
    const id = await invoice();
    const short = await call('PUT', `/api/ops/invoices/${id}/tax-invoice-number`, {
      taxInvoiceNumber: '12345',
    });
    expect(short.statusCode).toBe(400);
    const missing = await call('PUT', `/api/ops/invoices/${randomUUID()}/tax-invoice-number`, {
      taxInvoiceNumber: '01000026000000011',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('suspension', () => {
  it('ends the tenant’s sessions and sockets, refuses sign-in, and is undone by unsuspend', async () => {
    const agent = await createUser(ctx, accountId, { role: 'agent' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      auth: { token: agent.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    let gone = false;
    socket.on('disconnect', () => (gone = true));

    const res = await call('POST', `/api/ops/accounts/${accountId}/suspend`, {
      reason: 'Unpaid invoices',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(2);
    const deadline = Date.now() + 5_000;
    while (!gone && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(gone).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: admin.auth });
    expect(me.statusCode).toBe(401);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.email, password: PASSWORD },
        remoteAddress: randomAddress(),
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accountSuspended);
    const listed = await call('GET', '/api/ops/accounts?status=suspended&search=bu%20sri');
    expect(listed.json().data[0].status).toBe('suspended');
    expect(
      (await call('POST', `/api/ops/accounts/${accountId}/suspend`, { reason: 'x' })).statusCode,
    ).toBe(409);

    const back = await call('POST', `/api/ops/accounts/${accountId}/unsuspend`, { reason: 'Paid' });
    expect(back.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await auditOf('account.suspend'))[0]?.detail).toMatchObject({
      reason: 'Unpaid invoices',
    });
    expect(await auditOf('account.unsuspend')).toHaveLength(1);
  });
});
