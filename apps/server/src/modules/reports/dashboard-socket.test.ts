import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_UPDATED_EVENT, DASHBOARD_WATCH_EVENT, type Ack } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';

/** `dashboard.updated` reaches the sockets watching the dashboard, and only the right ones. */
let ctx: TestContext;
let url: string;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let other: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  other = await createUser(ctx, accountId, { role: 'agent' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

async function open(user: TestUser, watch: boolean) {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { token: user.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const heard: unknown[] = [];
  socket.on(DASHBOARD_UPDATED_EVENT, (payload: unknown) => heard.push(payload));
  if (watch) {
    const ack = await new Promise<Ack<{ watching: boolean }>>((resolve) =>
      socket.emit(DASHBOARD_WATCH_EVENT, {}, resolve),
    );
    expect(ack).toEqual({ ok: true, data: { watching: true } });
  }
  return heard;
}

describe('dashboard.watch', () => {
  it('sends the nudge to watching managers and the agent concerned, nobody else', async () => {
    const [adminWatching, adminElsewhere, agentWatching, otherWatching] = await Promise.all([
      open(admin, true),
      open(admin, false),
      open(agent, true),
      open(other, true),
    ]);
    // Connecting moves presence, which nudges the floor too: let that go out first.
    await new Promise((r) => setTimeout(r, 2_300));
    for (const heard of [adminWatching, adminElsewhere, agentWatching, otherWatching])
      heard.splice(0);
    ctx.deps.events.publish({
      type: 'dashboard.updated',
      accountId,
      agentIds: [agent.id],
      at: new Date('2026-05-04T03:00:00Z'),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(adminWatching).toEqual([{ at: '2026-05-04T03:00:00.000Z' }]);
    expect(agentWatching).toHaveLength(1);
    expect(adminElsewhere).toEqual([]);
    expect(otherWatching).toEqual([]);
  });
});
