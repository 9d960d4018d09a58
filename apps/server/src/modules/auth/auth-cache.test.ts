import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createDivision, createUser } from '../../test/fixtures.js';
import type { App } from '../../http/types.js';

let ctx: TestContext;
let peer: { app: App; close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
  peer = await createPeer(ctx);
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

const me = (app: App, auth: { authorization: string }) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: auth });

async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe('auth cache', () => {
  it('serves repeat requests from memory, and a committed change is seen at once in this process', async () => {
    const accountId = await createAccount(ctx);
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    const agent = await createUser(ctx, accountId, { role: 'agent', name: 'Before Name' });
    expect((await me(ctx.app, agent.auth)).json().name).toBe('Before Name');
    // A raw write inside a transaction: the cache drops when it commits, not before.
    await ctx.deps.db.transaction().execute(async (trx) => {
      await sql`UPDATE users SET name = 'After Name' WHERE id = ${agent.id}`.execute(trx);
    });
    expect((await me(ctx.app, agent.auth)).json().name).toBe('After Name');
    const division = await createDivision(ctx, accountId, 'Gudang');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${agent.id}`,
      headers: admin.auth,
      payload: { divisions: [division] },
    });
    expect((await me(ctx.app, agent.auth)).json().divisions).toEqual([
      { id: division, name: 'Gudang' },
    ]);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/division/${division}`,
      headers: admin.auth,
      payload: { name: 'Warehouse' },
    });
    expect((await me(ctx.app, agent.auth)).json().divisions).toEqual([
      { id: division, name: 'Warehouse' },
    ]);
  });

  it('a rolled-back change leaves the cached data valid', async () => {
    const user = await createUser(ctx, await createAccount(ctx), { name: 'Stable Name' });
    expect((await me(ctx.app, user.auth)).json().name).toBe('Stable Name');
    await ctx.deps.db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE users SET name = 'Never' WHERE id = ${user.id}`.execute(trx);
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect((await me(ctx.app, user.auth)).json().name).toBe('Stable Name');
  });

  it('another process stops honouring a deactivated user within moments (NOTIFY)', async () => {
    const accountId = await createAccount(ctx);
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    const agent = await createUser(ctx, accountId, { role: 'agent' });
    expect((await me(peer.app, agent.auth)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${agent.id}/deactivate`,
      headers: admin.auth,
    });
    expect((await me(ctx.app, agent.auth)).statusCode).toBe(401);
    expect(await eventually(async () => (await me(peer.app, agent.auth)).statusCode === 401)).toBe(
      true,
    );
  });

  it('another process sees a logout (session revoked) within moments', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    expect((await me(peer.app, user.auth)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(await eventually(async () => (await me(peer.app, user.auth)).statusCode === 401)).toBe(
      true,
    );
  });

  it('cached claims still expire with the token', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    expect((await me(ctx.app, user.auth)).statusCode).toBe(200);
    ctx.clock.advance(16 * 60 * 1000);
    expect((await me(ctx.app, user.auth)).statusCode).toBe(401);
    ctx.clock.advance(-16 * 60 * 1000);
  });
});
