import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { InsufficientBalanceError, LedgerService } from './ledger.js';

let ctx: TestContext;
let ledger: LedgerService;
beforeAll(async () => {
  ctx = await createTestContext();
  ledger = new LedgerService(ctx.deps);
});
afterAll(() => ctx.close());

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });

async function ledgerRows(accountId: string) {
  const rows = await ctx.deps.db
    .selectFrom('balance_ledger')
    .select(['amount', 'balance_after'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ amount: Number(r.amount), after: Number(r.balance_after) }));
}

/** Each row's balance_after is the previous one plus its amount: no write was lost or doubled. */
function expectConsistent(rows: { amount: number; after: number }[]) {
  let balance = 0;
  for (const row of rows) {
    balance += row.amount;
    expect(row.after).toBe(balance);
  }
}

describe('LedgerService', () => {
  it('credits and charges, keeping the running balance', async () => {
    const accountId = await createAccount(ctx);
    expect(await ledger.balance(accountId)).toEqual({ saldo: 0, orderId: null });
    const first = await ledger.credit(accountId, {
      amount: 100_000,
      kind: 'topup',
      orderId: 'ORD-1',
      description: 'Top-up',
    });
    expect(first).toMatchObject({
      created: true,
      entry: { amount: 100_000, balanceAfter: 100_000, kind: 'topup', orderId: 'ORD-1' },
    });
    const charged = await ledger.charge(accountId, { amount: 350.5, description: 'Conversation' });
    expect(charged.entry).toMatchObject({
      amount: -350.5,
      balanceAfter: 99_649.5,
      kind: 'charge',
      orderId: null,
    });
    // The charge moved the balance; the last top-up is still ORD-1.
    expect(await ledger.balance(accountId)).toEqual({ saldo: 99_649.5, orderId: 'ORD-1' });
  });

  it('refuses a charge that would go below zero and writes nothing', async () => {
    const accountId = await createAccount(ctx);
    await ledger.credit(accountId, { amount: 1000 });
    const attempt = ledger.charge(accountId, { amount: 1000.01 });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 402,
      message: MESSAGES.insufficientBalance,
    });
    expect(await ledgerRows(accountId)).toEqual([{ amount: 1000, after: 1000 }]);
    await ledger.charge(accountId, { amount: 1000 });
    expect((await ledger.balance(accountId)).saldo).toBe(0);
  });

  it('books an order once', async () => {
    const accountId = await createAccount(ctx);
    await ledger.credit(accountId, { amount: 5000, kind: 'topup', orderId: 'ORD-9' });
    const again = await ledger.credit(accountId, { amount: 5000, kind: 'topup', orderId: 'ORD-9' });
    expect(again.created).toBe(false);
    expect((await ledger.balance(accountId)).saldo).toBe(5000);
  });

  it('rejects amounts that are not positive cents', async () => {
    const accountId = await createAccount(ctx);
    await expect(ledger.credit(accountId, { amount: 0 })).rejects.toThrow(RangeError);
    await expect(ledger.credit(accountId, { amount: -5 })).rejects.toThrow(RangeError);
    await expect(ledger.charge(accountId, { amount: 1.005 })).rejects.toThrow(RangeError);
    await expect(ledger.credit(accountId, { amount: Number.NaN })).rejects.toThrow(RangeError);
  });

  it('keeps balance_after consistent under concurrent credits', async () => {
    const accountId = await createAccount(ctx);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => ledger.credit(accountId, { amount: 1000 + i })),
    );
    const rows = await ledgerRows(accountId);
    expect(rows).toHaveLength(25);
    expectConsistent(rows);
    expect((await ledger.balance(accountId)).saldo).toBe(25 * 1000 + (24 * 25) / 2);
  });

  it('never overdraws under concurrent charges', async () => {
    const accountId = await createAccount(ctx);
    await ledger.credit(accountId, { amount: 5000 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => ledger.charge(accountId, { amount: 1000 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientBalanceError);
    const rows = await ledgerRows(accountId);
    expectConsistent(rows);
    expect(rows.at(-1)?.after).toBe(0);
  });

  it('rolls back with the caller transaction', async () => {
    const accountId = await createAccount(ctx);
    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        await ledger.credit(accountId, { amount: 777 }, trx);
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    expect(await ledgerRows(accountId)).toEqual([]);
  });
});

describe('GET /api/topup/last-saldo-history', () => {
  it('answers 0 and null with no ledger rows', async () => {
    const agent = await createUser(ctx, await createAccount(ctx), { role: 'agent' });
    const res = await get(agent, '/api/topup/last-saldo-history');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saldo: 0, orderId: null });
  });

  it('answers the balance and the last order id', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await ledger.credit(admin.accountId, { amount: 250_000, kind: 'topup', orderId: 'ORD-LAST' });
    expect((await get(admin, '/api/topup/last-saldo-history')).json()).toEqual({
      saldo: 250_000,
      orderId: 'ORD-LAST',
    });
  });

  it("names the last top-up's order, never a charge's or a credit's reference", async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await ledger.credit(admin.accountId, { amount: 100_000, kind: 'topup', orderId: 'ORD-TOPUP' });
    // What a broadcast books (engine/lane.ts): a charge per claim and a refund as a credit.
    await ledger.charge(admin.accountId, {
      amount: 1_500,
      orderId: 'broadcast:39b6e0d2:claim:0f7f4c1a',
      description: 'Broadcast',
    });
    await ledger.credit(admin.accountId, {
      amount: 500,
      orderId: 'broadcast:39b6e0d2:refund:77aa',
      description: 'Broadcast refund',
    });
    const expected = { saldo: 99_000, orderId: 'ORD-TOPUP' };
    expect((await get(admin, '/api/topup/last-saldo-history')).json()).toEqual(expected);
    expect((await get(admin, '/api/users/me/all')).json().balance).toEqual(expected);
  });

  it('names no order when the balance never came from a top-up', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await ledger.credit(admin.accountId, { amount: 2_000, orderId: 'DEMO-OPENING' });
    await ledger.charge(admin.accountId, { amount: 500, orderId: 'broadcast:1:claim:2' });
    const expected = { saldo: 1_500, orderId: null };
    expect((await get(admin, '/api/topup/last-saldo-history')).json()).toEqual(expected);
    expect((await get(admin, '/api/users/me/all')).json().balance).toEqual(expected);
  });

  it('refuses a request without a token', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/topup/last-saldo-history' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/topup/saldo-history', () => {
  it('pages the ledger newest first', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await ledger.credit(admin.accountId, {
      amount: 100_000,
      kind: 'topup',
      orderId: 'ORD-A',
      description: 'Top-up A',
    });
    await ledger.charge(admin.accountId, {
      amount: 550,
      description: 'Business-initiated conversation',
    });
    await ledger.credit(admin.accountId, { amount: 50_000, kind: 'topup', orderId: 'ORD-B' });

    const first = await get(admin, '/api/topup/saldo-history?page=1&perpage=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.meta).toEqual({ total: 3, page: 1, perpage: 2 });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      amount: 50_000,
      saldo: 149_450,
      kind: 'topup',
      orderId: 'ORD-B',
    });
    expect(body.data[1]).toMatchObject({
      amount: -550,
      saldo: 99_450,
      kind: 'charge',
      description: 'Business-initiated conversation',
    });
    expect(body.data[0].createdAt).toBe(ctx.clock.now().toISOString());

    const second = (await get(admin, '/api/topup/saldo-history?page=2&perpage=2')).json();
    expect(second.data.map((e: { orderId: string }) => e.orderId)).toEqual(['ORD-A']);
  });

  it('defaults to page 1 of 20', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    expect((await get(admin, '/api/topup/saldo-history')).json()).toEqual({
      data: [],
      meta: { total: 0, page: 1, perpage: 20 },
    });
  });

  it('validates page and perpage', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    for (const query of ['perpage=0', 'perpage=201', 'page=0', 'page=abc']) {
      const res = await get(admin, `/api/topup/saldo-history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues[0].path, query).toBe(query.split('=')[0]);
    }
  });

  it('refuses a request without a token', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/topup/saldo-history' })).statusCode,
    ).toBe(401);
  });
});

describe('tenancy', () => {
  it("never shows one account's balance to another", async () => {
    const first = await createUser(ctx, await createAccount(ctx));
    const second = await createUser(ctx, await createAccount(ctx));
    await ledger.credit(first.accountId, { amount: 123_000, kind: 'topup', orderId: 'ORD-FIRST' });
    expect((await get(second, '/api/topup/last-saldo-history')).json()).toEqual({
      saldo: 0,
      orderId: null,
    });
    expect((await get(second, '/api/topup/saldo-history')).json().meta.total).toBe(0);
    // The same order id in another account is a different order.
    await ledger.credit(second.accountId, { amount: 1000, kind: 'topup', orderId: 'ORD-FIRST' });
    expect((await get(second, '/api/topup/last-saldo-history')).json().saldo).toBe(1000);
    expect((await get(first, '/api/topup/last-saldo-history')).json().saldo).toBe(123_000);
  });
});
