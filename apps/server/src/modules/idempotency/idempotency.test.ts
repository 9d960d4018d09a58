import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS_MESSAGES } from '@sapa/contracts';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { fresh, pricedAccount, settle, usageOf } from '../billing/pricing/test-helpers.js';
import { identityKey } from '../auth/caller.js';
import { REPLAYED_HEADER, STALE_CLAIM_SECONDS } from './hooks.js';
import { idempotencyRepo } from './repo.js';
import { runIdempotencyPurge } from './purge.job.js';

/**
 * `Idempotency-Key` (issue 19 §3): a retry of a creating POST gets the first answer and creates
 * nothing more, whichever process it reaches and however many race; another request under the
 * same key is refused; a key still running answers 409 until its process is taken for dead.
 */
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
});
afterAll(() => ctx.close());

const post = (
  user: TestUser,
  key: string | undefined,
  payload: Record<string, unknown>,
  app = ctx.app,
  url = '/api/contacts',
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

const contactsNamed = async (accountId: string, name: string) =>
  (
    await ctx.deps.db
      .selectFrom('contacts')
      .select('id')
      .where('account_id', '=', accountId)
      .where('name', '=', name)
      .execute()
  ).length;

const keyRows = (key: string) =>
  ctx.deps.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer, and creates once', async () => {
    const key = randomUUID();
    const body = { name: `Same ${key}` };
    const first = await post(admin, key, body);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await post(admin, key, body);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.body).toBe(first.body);
    expect(await contactsNamed(admin.accountId, body.name)).toBe(1);
  });

  it('without the header, every POST runs', async () => {
    const body = { name: `No key ${randomUUID()}` };
    expect((await post(admin, undefined, body)).statusCode).toBe(201);
    expect((await post(admin, undefined, body)).statusCode).toBe(201);
    expect(await contactsNamed(admin.accountId, body.name)).toBe(2);
  });

  it('refuses the same key with another body (422) or on another endpoint', async () => {
    const key = randomUUID();
    expect((await post(admin, key, { name: `A ${key}` })).statusCode).toBe(201);
    const other = await post(admin, key, { name: `B ${key}` });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      message: API_ACCESS_MESSAGES.idempotencyKeyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const elsewhere = await post(admin, key, { name: `A ${key}` }, ctx.app, '/api/labels');
    expect(elsewhere.statusCode).toBe(422);
    expect(await contactsNamed(admin.accountId, `B ${key}`)).toBe(0);
  });

  it('refuses a malformed key with 400 and runs nothing', async () => {
    for (const bad of ['', 'x'.repeat(256), 'has space', 'ünïcode']) {
      const res = await post(admin, bad, { name: `Bad ${randomUUID()}` });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });

  it('keeps keys apart per caller and per account', async () => {
    const key = randomUUID();
    const colleague = await createUser(ctx, admin.accountId, { role: 'admin' });
    const stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    const body = { name: `Scoped ${key}` };
    for (const user of [admin, colleague, stranger]) {
      const res = await post(user, key, body);
      expect(res.statusCode).toBe(201);
      expect(res.headers[REPLAYED_HEADER]).toBeUndefined();
    }
    expect(await contactsNamed(admin.accountId, body.name)).toBe(2);
    expect(await contactsNamed(stranger.accountId, body.name)).toBe(1);
  });

  it('a key still running answers 409; a claim older than a minute is a dead process and is taken over', async () => {
    const key = randomUUID();
    const body = { name: `Running ${key}` };
    // Another process claimed the key and has not answered yet.
    const probe = await post(admin, `probe-${key}`, body);
    const requestHash = (await keyRows(`probe-${key}`))[0]?.request_hash;
    expect(requestHash).toBeDefined();
    const scope = {
      accountId: admin.accountId,
      caller: identityKey({ kind: 'user', id: admin.id }),
      key,
    };
    const deadClaim = randomUUID();
    const claimedAt = ctx.clock.now();
    expect(
      await idempotencyRepo.claim(ctx.deps.db, scope, {
        claimId: deadClaim,
        requestHash: requestHash ?? '',
        now: claimedAt,
        expiresAt: new Date(claimedAt.getTime() + 86_400_000),
        staleBefore: new Date(claimedAt.getTime() - STALE_CLAIM_SECONDS * 1000),
      }),
    ).toEqual({ outcome: 'run' });
    expect(probe.statusCode).toBe(201);

    ctx.clock.advance((STALE_CLAIM_SECONDS - 1) * 1000);
    const busy = await post(admin, key, body);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({
      message: API_ACCESS_MESSAGES.idempotencyKeyInProgress,
      code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
    });
    // The same key with another body is still a misuse, running or not.
    expect((await post(admin, key, { name: 'other' })).statusCode).toBe(422);

    ctx.clock.advance(2_000);
    const taken = await post(admin, key, body);
    expect(taken.statusCode).toBe(201);
    expect(taken.headers[REPLAYED_HEADER]).toBeUndefined();
    // The first process, if it was only slow, cannot overwrite the answer that won.
    expect(
      await idempotencyRepo.complete(ctx.deps.db, scope, deadClaim, {
        status: 500,
        contentType: null,
        body: 'late',
      }),
    ).toBe(false);
    const replay = await post(admin, key, body);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(replay.body).toBe(taken.body);
  });

  it('does not keep a 5xx: the retry runs again and its answer is the one kept', async () => {
    const key = randomUUID();
    const body = { name: `Flaky ${key}` };
    await sql`CREATE FUNCTION idem_test_fail() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql`.execute(ctx.deps.db);
    await sql`CREATE TRIGGER idem_test_fail BEFORE INSERT ON contacts
      FOR EACH ROW EXECUTE FUNCTION idem_test_fail()`.execute(ctx.deps.db);
    const failed = await post(admin, key, body);
    await sql`DROP TRIGGER idem_test_fail ON contacts`.execute(ctx.deps.db);
    await sql`DROP FUNCTION idem_test_fail()`.execute(ctx.deps.db);
    expect(failed.statusCode).toBe(500);
    expect(await keyRows(key)).toEqual([]);

    const retry = await post(admin, key, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[REPLAYED_HEADER]).toBeUndefined();
    expect((await post(admin, key, body)).body).toBe(retry.body);
    expect(await contactsNamed(admin.accountId, body.name)).toBe(1);
  });

  it('keeps a 4xx answer like any other', async () => {
    const key = randomUUID();
    const bad = { name: '' };
    const first = await post(admin, key, bad);
    expect(first.statusCode).toBe(400);
    const again = await post(admin, key, bad);
    expect(again.statusCode).toBe(400);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('two processes racing on one key run it once; the rest get 409 or the first answer', async () => {
    const peer = await createPeer(ctx);
    try {
      const key = randomUUID();
      const body = { name: `Race ${key}` };
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => post(admin, key, body, i % 2 ? peer.app : ctx.app)),
      );
      const fresh201 = answers.filter(
        (a) => a.statusCode === 201 && a.headers[REPLAYED_HEADER] === undefined,
      );
      expect(fresh201).toHaveLength(1);
      for (const a of answers) {
        expect([201, 409]).toContain(a.statusCode);
        if (a.statusCode === 201) expect(a.body).toBe(fresh201[0]?.body);
      }
      expect(await contactsNamed(admin.accountId, body.name)).toBe(1);
      // And a retry on the other process replays what the first one answered.
      const onPeer = await post(admin, key, body, peer.app);
      expect(onPeer.headers[REPLAYED_HEADER]).toBe('true');
      expect(onPeer.body).toBe(fresh201[0]?.body);
    } finally {
      await peer.close();
    }
  });

  it('keeps answers 24 h; the purge job removes them and the key runs anew', async () => {
    const key = randomUUID();
    const body = { name: `Old ${key}` };
    expect((await post(admin, key, body)).statusCode).toBe(201);
    ctx.clock.advance(23 * 3_600_000);
    expect(await runIdempotencyPurge(ctx.deps)).toBe(0);
    admin = await fresh(ctx, admin);
    expect((await post(admin, key, body)).headers[REPLAYED_HEADER]).toBe('true');
    ctx.clock.advance(3_600_000);
    expect(await runIdempotencyPurge(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await keyRows(key)).toEqual([]);
    admin = await fresh(ctx, admin);
    const anew = await post(admin, key, body);
    expect(anew.statusCode).toBe(201);
    expect(anew.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await contactsNamed(admin.accountId, body.name)).toBe(2);
  });
});

describe('Idempotency-Key on creates that answer a secret once', () => {
  it('a retried API key create makes no second key, and the secret is not kept', async () => {
    const key = randomUUID();
    const body = { name: `Retry ${key}`, scopes: ['messages:send'] };
    const first = await post(admin, key, body, ctx.app, '/api/api-keys');
    expect(first.statusCode).toBe(201);
    const secret = (first.json() as { key: string }).key;
    expect(secret.length).toBeGreaterThan(20);
    const again = await post(admin, key, body, ctx.app, '/api/api-keys');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: API_ACCESS_MESSAGES.idempotencySecretShown,
      code: 'IDEMPOTENCY_SECRET_SHOWN',
    });
    expect(again.body).not.toContain(secret);
    const [row] = await keyRows(key);
    expect(row?.response_body).not.toContain(secret);
    const named = await ctx.deps.db
      .selectFrom('api_keys')
      .select('id')
      .where('name', '=', body.name)
      .execute();
    expect(named).toHaveLength(1);
  });
});

describe('Idempotency-Key on sends: money moves once', () => {
  it('a retried template send stores one message and charges once', async () => {
    const a = await pricedAccount(ctx);
    const { chatId } = await a.writes();
    const user = await fresh(ctx, a.admin);
    const key = randomUUID();
    const payload = { chatId, templateId: a.templateId, params: ['Budi', 'INV-1'] };
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(user, key, payload, ctx.app, '/api/messages/template')),
    );
    const late = await post(user, key, payload, ctx.app, '/api/messages/template');
    await settle(ctx);
    const ok = [...answers, late].filter((r) => r.statusCode < 300);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    const sent = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('from_me', '=', true)
      .execute();
    expect(sent).toHaveLength(1);
    // The conversation's one charge: a second send would have added its own message and charge.
    const usage = await usageOf(ctx, a.accountId);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ chat_id: chatId, status: 'charged' });
  });

  it('a 402 is not kept: after a top-up the same key sends', async () => {
    const a = await pricedAccount(ctx, { balance: 49_999 });
    const { chatId } = await a.writes();
    const user = await fresh(ctx, a.admin);
    const key = randomUUID();
    const payload = { chatId, text: 'Pesanan Anda sudah dikirim' };
    const refused = await post(user, key, payload, ctx.app, '/api/messages');
    expect(refused.statusCode).toBe(402);
    expect(await keyRows(key)).toEqual([]);
    await fundAccount(ctx, a.accountId);
    const sent = await post(user, key, payload, ctx.app, '/api/messages');
    expect(sent.statusCode).toBe(201);
    expect(sent.headers[REPLAYED_HEADER]).toBeUndefined();
    expect((await post(user, key, payload, ctx.app, '/api/messages')).body).toBe(sent.body);
  });
});
