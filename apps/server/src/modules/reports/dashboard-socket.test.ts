import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_UPDATED_EVENT, DASHBOARD_WATCH_EVENT } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { collect, emitAck, listenLocally, socketClients } from '../../test/sockets.js';

/** `dashboard.updated` reaches the sockets watching the dashboard, and only the right ones. */
let ctx: TestContext;
let url: string;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let other: TestUser;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  other = await createUser(ctx, accountId, { role: 'agent' });
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

async function open(user: TestUser, watch: boolean) {
  const socket = await clients.open(url, user.token);
  const heard = collect<unknown>(socket, DASHBOARD_UPDATED_EVENT);
  if (watch) {
    const ack = await emitAck(socket, DASHBOARD_WATCH_EVENT, {});
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
