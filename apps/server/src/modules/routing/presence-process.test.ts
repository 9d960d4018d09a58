import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/bus.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { PresenceProcess } from './presence-process.js';

let ctx: TestContext;
let accountId: string;
let agent: TestUser;
let other: TestUser;
const events: DomainEvent[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  agent = await createUser(ctx, accountId, { role: 'agent', name: 'Budi' });
  other = await createUser(ctx, accountId, { role: 'agent', name: 'Citra' });
  ctx.deps.events.subscribe((e) => void events.push(e));
});
afterAll(async () => {
  await ctx.close();
});

// Timers never fire in these tests: each heartbeat is called by hand.
const process = () => new PresenceProcess(ctx.deps, { heartbeatMs: 3_600_000, staleMs: 45_000 });
const who = (u: TestUser) => ({ accountId, userId: u.id });

async function connections(userId: string): Promise<number> {
  const row = await ctx.deps.db
    .selectFrom('user_presence')
    .select('connections')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.connections ?? 0;
}

async function age(processId: string, ms: number): Promise<void> {
  await ctx.deps.db
    .updateTable('server_processes')
    .set({ seen_at: new Date(ctx.deps.clock.now().getTime() - ms) })
    .where('id', '=', processId)
    .execute();
}

const offlineEventFor = (userId: string) =>
  events.some(
    (e) =>
      e.type === 'presence.updated' &&
      e.presence.userId === userId &&
      !e.presence.connected &&
      !e.presence.online,
  );

describe('presence across process deaths', () => {
  it("takes a dead process's sockets out of presence, and only its own", async () => {
    const dead = process();
    const alive = process();
    await Promise.all([dead.start(), alive.start()]);
    await dead.connected(who(agent));
    await dead.connected(who(agent));
    await alive.connected(who(other));
    await dead.connected(who(other));
    expect(await connections(agent.id)).toBe(2);
    expect(await connections(other.id)).toBe(2);

    // The dead one stopped beating a minute ago; the live one beats and sweeps.
    await age(dead.id, 60_000);
    events.length = 0;
    await alive.beat();

    expect(await connections(agent.id)).toBe(0);
    expect(await connections(other.id)).toBe(1);
    expect(offlineEventFor(agent.id)).toBe(true);
    expect(offlineEventFor(other.id)).toBe(false);
    await alive.close();
  });

  it('counts a stalled process back in when it beats again, without counting a socket twice', async () => {
    const stalled = process();
    const sweeper = process();
    await Promise.all([stalled.start(), sweeper.start()]);
    const before = await connections(agent.id);
    await stalled.connected(who(agent));
    await age(stalled.id, 60_000);
    await sweeper.beat();
    expect(await connections(agent.id)).toBe(before);

    // It was only paused: its next beat registers it again with the socket it still holds.
    await stalled.beat();
    expect(await connections(agent.id)).toBe(before + 1);
    await stalled.disconnected(who(agent));
    expect(await connections(agent.id)).toBe(before);
    // A late disconnect of a socket already taken out changes nothing.
    await stalled.disconnected(who(agent));
    expect(await connections(agent.id)).toBe(before);
    await Promise.all([stalled.close(), sweeper.close()]);
  });

  it('leaves presence at once on a clean shutdown', async () => {
    const p = process();
    await p.start();
    const before = await connections(other.id);
    await p.connected(who(other));
    expect(await connections(other.id)).toBe(before + 1);
    await p.close();
    expect(await connections(other.id)).toBe(before);
    const rows = await ctx.deps.db
      .selectFrom('presence_sockets')
      .selectAll()
      .where('process_id', '=', p.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
