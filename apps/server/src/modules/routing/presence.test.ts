import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_UPDATED_EVENT, type Presence } from '@sapa/contracts';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { listenLocally, socketClients } from '../../test/sockets.js';

let ctx: TestContext;
let url: string;
let admin: TestUser;
let agent: TestUser;
let other: TestUser;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  const accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ana' });
  agent = await createUser(ctx, accountId, { role: 'agent', name: 'Budi' });
  other = await createUser(ctx, accountId, { role: 'agent', name: 'Citra' });
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const open = (token: string, base = url) => clients.open(base, token);

const presenceOf = async (viewer: TestUser, userId: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/presence', headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Presence[] }).data.find((p) => p.userId === userId);
};

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('presence', () => {
  it('is online while a socket is connected, across processes, until the last one closes', async () => {
    expect(await presenceOf(admin, agent.id)).toMatchObject({ online: false, connected: false });
    const adminSocket = await open(admin.token);
    const seen: Presence[] = [];
    adminSocket.on(PRESENCE_UPDATED_EVENT, (p: Presence) => seen.push(p));

    const first = await open(agent.token);
    await until(async () => (await presenceOf(admin, agent.id))?.online === true, 'online');
    // A second tab in another server process keeps the agent online when the first closes.
    const peer = await createPeer(ctx);
    const peerUrl = await listenLocally(peer.app);
    const second = await open(agent.token, peerUrl);
    await until(
      async () =>
        (
          await ctx.deps.db
            .selectFrom('user_presence')
            .select('connections')
            .where('user_id', '=', agent.id)
            .executeTakeFirst()
        )?.connections === 2,
      'two connections',
    );
    first.disconnect();
    await until(
      async () =>
        (
          await ctx.deps.db
            .selectFrom('user_presence')
            .select('connections')
            .where('user_id', '=', agent.id)
            .executeTakeFirst()
        )?.connections === 1,
      'one connection',
    );
    expect(await presenceOf(admin, agent.id)).toMatchObject({ online: true });
    second.disconnect();
    await until(async () => (await presenceOf(admin, agent.id))?.online === false, 'offline');
    await peer.close();

    // The admin's screen heard online, then offline; never the second tab's no-change.
    await until(async () => seen.filter((p) => p.userId === agent.id).length >= 2, 'events');
    expect(seen.filter((p) => p.userId === agent.id).map((p) => p.online)).toEqual([true, false]);
  });

  it('away keeps a connected agent offline for routing, and online again on switching back', async () => {
    const socket = await open(other.token);
    const mine: Presence[] = [];
    socket.on(PRESENCE_UPDATED_EVENT, (p: Presence) => mine.push(p));
    await until(async () => (await presenceOf(admin, other.id))?.online === true, 'online');

    const away = await ctx.app.inject({
      method: 'POST',
      url: '/api/presence',
      headers: other.auth,
      payload: { status: 'away' },
    });
    expect(away.statusCode).toBe(200);
    expect(away.json()).toMatchObject({ status: 'away', online: false, connected: true });
    expect(await presenceOf(admin, other.id)).toMatchObject({ status: 'away', online: false });
    await until(async () => mine.some((p) => p.status === 'away'), 'own away event');

    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/presence',
      headers: other.auth,
      payload: { status: 'online' },
    });
    expect(back.json()).toMatchObject({ status: 'online', online: true });
    socket.disconnect();
  });

  it('answers an agent with themselves only and refuses an unknown status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/presence', headers: agent.auth });
    expect((res.json() as { data: Presence[] }).data.map((p) => p.userId)).toEqual([agent.id]);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/presence', headers: admin.auth });
    expect((all.json() as { data: Presence[] }).data.map((p) => p.name)).toEqual([
      'Ana',
      'Budi',
      'Citra',
    ]);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/presence',
      headers: agent.auth,
      payload: { status: 'busy' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/presence' })).statusCode).toBe(401);
  });
});
