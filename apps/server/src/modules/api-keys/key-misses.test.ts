import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { apiKeysRepo } from './repo.js';
import * as secret from './secret.js';

// The next key the service generates can be chosen, so a test can look a key up before it exists.
vi.mock('./secret.js', async (original) => {
  const actual = await original<typeof secret>();
  return { ...actual, generateKey: vi.fn(actual.generateKey) };
});

/**
 * Issue 19 loose end: a well-formed `sapa_live_…` bearer that matches no key (a flood of one
 * guess) costs one database read, not one per request, and a key created afterwards, in this
 * process or another, works at once rather than after the miss expires.
 */

let ctx: TestContext;
let admin: TestUser;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const readChats = (app: TestContext['app'], key: string) =>
  app.inject({ method: 'GET', url: '/api/chats/paginate', headers: bearer(key) });

async function createKey(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.auth,
    payload: { name: 'integration', scopes: ['chats:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key as string;
}

/** The key the next create will answer, unknown to the database until then. */
function nextKey(): string {
  const chosen = vi.mocked(secret.generateKey)();
  vi.mocked(secret.generateKey).mockReturnValueOnce(chosen);
  return chosen.key;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx, { type: 'api_only' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
});
afterAll(() => ctx.close());

describe('unknown API keys', () => {
  it('cost one database read while remembered, a new read once the short memory lapses', async () => {
    const lookups = vi.spyOn(apiKeysRepo, 'findByHash');
    try {
      const guess = vi.mocked(secret.generateKey)().key;
      for (let i = 0; i < 5; i++) {
        const res = await readChats(ctx.app, guess);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('API_KEY_INVALID');
      }
      expect(lookups).toHaveBeenCalledTimes(1);
      ctx.clock.advance(11_000);
      expect((await readChats(ctx.app, guess)).statusCode).toBe(401);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it('never hide a key created later in this process', async () => {
    const key = nextKey();
    expect((await readChats(ctx.app, key)).statusCode).toBe(401); // remembered as no key
    expect(await createKey()).toBe(key);
    expect((await readChats(ctx.app, key)).statusCode).toBe(200);
  });

  it('never hide a key created later in another process: the create notifies every process', async () => {
    const peer = await createPeer(ctx);
    try {
      const key = nextKey();
      expect((await readChats(peer.app, key)).statusCode).toBe(401); // the peer remembers a miss
      expect(await createKey()).toBe(key);
      // Well inside the miss's 10 s: only the notice can make the peer look again.
      await expect
        .poll(async () => (await readChats(peer.app, key)).statusCode, { timeout: 2_000 })
        .toBe(200);
    } finally {
      await peer.close();
    }
  });
});
