import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_UPDATED_EVENT } from '@sapa/contracts';
import { createDb } from '../../db/database.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { runOperatorCli, parseRupiah } from './cli.js';

// `npm run operator -- create|set|unset|credit|debit|list` against a real database; the CLI runs
// as its own process would: its own pool, no sockets, events handed over by NOTIFY.

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let cliDb: ReturnType<typeof createDb>;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx, { name: 'Toko Kopi Senja' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  cliDb = createDb(ctx.databaseUrl, 2);
});
afterAll(async () => {
  await cliDb.db.destroy();
  await ctx.close();
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCli(
    argv,
    {
      db: cliDb.db,
      pool: cliDb.pool,
      clock: ctx.clock,
      config: ctx.deps.config,
      secrets: ctx.deps.secrets,
      log: ctx.deps.log,
    },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const audit = () =>
  ctx.deps.db
    .selectFrom('ops_audit_log')
    .select(['action', 'via', 'operator_id', 'detail'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();

const balance = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/topup/last-saldo-history',
    headers: admin.auth,
  });
  return res.json().saldo as number;
};

describe('operator CLI', () => {
  it('reads amounts as whole rupiah with thousands marks', () => {
    expect(parseRupiah('100000')).toBe(100_000);
    expect(parseRupiah('100.000')).toBe(100_000);
    expect(parseRupiah('1,250,000')).toBe(1_250_000);
    expect(parseRupiah('Rp 5.000')).toBe(5_000);
    expect(parseRupiah('10.5')).toBeNull();
    expect(parseRupiah('-100')).toBeNull();
    expect(parseRupiah('abc')).toBeNull();
  });

  it('create prints a one-time setup link under APP_URL', async () => {
    const res = await run('create', 'cli-op@sapa.test');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/http:\/\/sapa\.test\/ops\/setup\?token=[\w-]{20,}/);
    const op = await ctx.deps.db
      .selectFrom('operators')
      .select(['status'])
      .where('email', '=', 'cli-op@sapa.test')
      .executeTakeFirstOrThrow();
    expect(op.status).toBe('invited');
    expect((await run('create', 'not-an-email')).code).toBe(2);
  });

  it('set checks the key and its form, writes the setting, and audits before and after', async () => {
    const wrongKey = await run('set', admin.email, 'saldo', '999999');
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.err).toContain('saldo is not a platform setting');
    const wrongForm = await run('set', admin.email, 'bo.minimumBalance', 'lots');
    expect(wrongForm.code).toBe(2);
    expect(wrongForm.err).toContain('bo.minimumBalance must be whole rupiah');
    const tenantKey = await run('set', admin.email, 'welcomeMessage', 'hi');
    expect(tenantKey.code).toBe(2);
    expect(await audit()).toEqual([]);

    const ok = await run('set', admin.email, 'bo.minimumBalance', '25000');
    expect(ok.code).toBe(0);
    expect(ok.out).toBe('bo.minimumBalance: (platform default) → 25000');
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/bo.minimumBalance',
      headers: admin.auth,
    });
    expect(settings.json().value).toBe('25000');

    const unset = await run('unset', admin.email, 'bo.minimumBalance');
    expect(unset.out).toBe('bo.minimumBalance: 25000 → (platform default)');
    const entries = await audit();
    expect(entries.map((e) => [e.action, e.via, e.operator_id])).toEqual([
      ['settings.set', 'cli', null],
      ['settings.set', 'cli', null],
    ]);
    expect(entries[0]?.detail).toMatchObject({
      changes: [{ key: 'bo.minimumBalance', before: null, after: '25000' }],
    });
  });

  it('names the account by its admin email, and says when none has it', async () => {
    const res = await run('credit', 'nobody@example.com', '1000', 'test');
    expect(res.code).toBe(1);
    expect(res.err).toBe('Error: No account has an admin with the email nobody@example.com');
  });

  it('credit reaches the tenant socket of the running server as balance.updated', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const socket: Socket = connect(url, {
      auth: { token: admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const heard: { saldo: number }[] = [];
    socket.on(BALANCE_UPDATED_EVENT, (p: { saldo: number }) => heard.push(p));
    // The socket joins its rooms right after connecting; wait for that before the change.
    await new Promise((r) => setTimeout(r, 300));
    const before = await balance();
    const res = await run(
      'credit',
      admin.email,
      '150.000',
      'Goodwill',
      'for',
      'the',
      'outage',
    ).finally(() => setTimeout(() => socket.disconnect(), 5_000).unref());
    expect(res.code).toBe(0);
    expect(res.out).toContain('Credited Rp 150.000');
    const deadline = Date.now() + 5_000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    socket.disconnect();
    expect(heard).toEqual([{ saldo: before + 150_000 }]);
    // Nothing went through the server process's own bus: the notice came from the CLI's pool.
    expect(ctx.events.some((e) => e.type === 'balance.updated')).toBe(false);
    expect(await balance()).toBe(before + 150_000);
    const entry = await ctx.deps.db
      .selectFrom('balance_ledger')
      .select(['kind', 'amount', 'description', 'operator_id'])
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'adjustment', description: 'Goodwill for the outage' });
    expect(Number(entry.amount)).toBe(150_000);
  });

  it('debit takes money out and never below zero', async () => {
    const before = await balance();
    const too = await run('debit', admin.email, String(before + 1), 'Mistaken credit');
    expect(too.code).toBe(1);
    expect(too.err).toContain('a debit cannot take it below zero');
    expect(await balance()).toBe(before);
    const ok = await run('debit', admin.email, '50000', 'Mistaken credit');
    expect(ok.code).toBe(0);
    expect(await balance()).toBe(before - 50_000);
    const actions = (await audit()).map((e) => e.action);
    expect(actions.slice(-2)).toEqual(['balance.credit', 'balance.debit']);
    const last = (await audit()).at(-1);
    expect(last?.detail).toMatchObject({
      amount: 50_000,
      reason: 'Mistaken credit',
      before,
      after: before - 50_000,
    });
  });

  it('list finds the account by name', async () => {
    const res = await run('list', 'kopi senja');
    expect(res.code).toBe(0);
    expect(res.out).toContain('Toko Kopi Senja');
    expect(res.out).toContain(admin.email);
    expect(res.out).toContain('1 of 1 account(s)');
  });

  it('reports-rebuild checks its arguments and rebuilds the named metrics of an account', async () => {
    const bad = await run('reports-rebuild', admin.email, 'openned');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('openned: not a report metric');
    expect((await run('reports-rebuild', admin.email, '2026-02-30', '2026-03-01')).code).toBe(2);
    expect((await run('reports-rebuild', admin.email, '2026-03-02', '2026-03-01')).code).toBe(2);
    expect((await run('reports-rebuild', 'nobody@example.com', 'opened')).code).toBe(1);
    const none = await run('reports-rebuild', admin.email, 'opened');
    expect(none.code).toBe(0);
    expect(none.out).toContain('nothing to rebuild');
    const ranged = await run('reports-rebuild', 'all', '2026-03-01', '2026-03-02', 'opened');
    expect(ranged.code).toBe(0);
    expect(ranged.out).toContain('2026-03-01..2026-03-02 (2 days)');
    expect(ranged.out).toContain('Done: 0 rollup row(s) repaired.');
  });

  it('refuses unknown commands with the usage', async () => {
    const res = await run('delete', admin.email);
    expect(res.code).toBe(2);
    expect(res.err).toContain('Usage: npm run operator');
  });
});
