import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { interestFor, recordWanted } from './interest.js';
import type { OutboxEvent } from './outbox.js';
import { enableWebhooks } from './test-helpers.js';
import type pg from 'pg';

/**
 * The per-process cache of which accounts listen: an event no endpoint wants costs no statement,
 * and a change made anywhere (another process's API, an operator's SQL) reaches every process.
 * "Process B" here is a second pool with its own cache and listening connection, as another
 * server process has.
 */
let ctx: TestContext;
let b: { db: Db; pool: pg.Pool };
let acquired = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0], allowedPrivateHosts: new Set(['127.0.0.1']) },
  });
  b = createDb(ctx.databaseUrl, 2);
  b.pool.on('acquire', () => acquired++);
  await interestFor(b).start();
});
afterAll(async () => {
  await interestFor(b).close();
  await b.db.destroy();
  await ctx.close();
});

const eventOf = (accountId: string): OutboxEvent => ({
  accountId,
  type: 'chat.assigned',
  at: ctx.clock.now(),
  data: { agentId: null },
});
/** Process B writes one event for the account: how many deliveries it queued. */
const writeInB = (accountId: string) =>
  recordWanted(b, b.db, [eventOf(accountId)], ctx.clock.now());

/** B writes nothing and asks the database nothing: it knows no one listens. */
const silentInB = async (accountId: string) => {
  const before = acquired;
  return (await writeInB(accountId)) === 0 && acquired === before;
};

/** Notices arrive a moment after the commit: asks again for up to 2 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

async function createEndpoint(admin: TestUser): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: admin.auth,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['chat.assigned'] },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('who listens, cached per process', () => {
  it('costs no statement for an account no endpoint listens to, once known', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await enableWebhooks(ctx, admin.accountId);
    // Once the notice of the setting's own write has come by, B asks nothing more.
    expect(await eventually(() => silentInB(admin.accountId))).toBe(true);
    const before = acquired;
    for (let i = 0; i < 5; i++) expect(await writeInB(admin.accountId)).toBe(0);
    expect(acquired).toBe(before);
  });

  it('an endpoint created in process A gets the next event process B writes', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await enableWebhooks(ctx, admin.accountId);
    expect(await eventually(() => silentInB(admin.accountId))).toBe(true); // B: no one listens
    const endpointId = await createEndpoint(admin);
    expect(await eventually(async () => (await writeInB(admin.accountId)) === 1)).toBe(true);

    // Switched off in A: B stops writing; on again: B writes again.
    const patch = (enabled: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/webhook-endpoints/${endpointId}`,
        headers: admin.auth,
        payload: { enabled },
      });
    expect((await patch(false)).statusCode).toBe(200);
    expect(await eventually(() => silentInB(admin.accountId))).toBe(true);
    expect((await patch(true)).statusCode).toBe(200);
    expect(await eventually(async () => (await writeInB(admin.accountId)) === 1)).toBe(true);
  });

  it('follows enable_webhook and endpoint deletion however they are written', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    await enableWebhooks(ctx, admin.accountId);
    await createEndpoint(admin);
    expect(await writeInB(admin.accountId)).toBe(1);
    const setting = (value: string) =>
      ctx.deps.db
        .updateTable('settings')
        .set({ value })
        .where('account_id', '=', admin.accountId)
        .where('key', '=', 'enable_webhook')
        .execute();
    await setting('false');
    expect(await eventually(() => silentInB(admin.accountId))).toBe(true);
    await setting('true');
    expect(await eventually(async () => (await writeInB(admin.accountId)) === 1)).toBe(true);
    await ctx.deps.db
      .deleteFrom('webhook_endpoints')
      .where('account_id', '=', admin.accountId)
      .execute();
    expect(await eventually(() => silentInB(admin.accountId))).toBe(true);
  });
});
