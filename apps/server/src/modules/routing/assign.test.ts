import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { TestUser } from '../../test/fixtures.js';
import { newCustomer } from '../../test/customer.js';
import {
  assignedChat,
  chatOf,
  routingAccount,
  setPresence,
  writeSettings,
} from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const account = routingAccount;
const openChat = (accountId: string, agentId: string, writes: () => Promise<string>) =>
  assignedChat(ctx, accountId, agentId, writes);

describe('auto-assignment (currentAutoAssign)', () => {
  it('leaves chats unassigned while it is off', async () => {
    const a = await account(ctx, [{ name: 'Budi' }]);
    await setPresence(ctx, a.users[0]!, 1);
    expect((await chatOf(ctx, await a.writes())).agent_id).toBeNull();
  });

  it('gives a new chat to the online agent with fewest open chats and announces it', async () => {
    const a = await account(ctx, [{ name: 'Budi' }, { name: 'Citra' }, { name: 'Dewi' }]);
    const [budi, citra, dewi] = a.users as [TestUser, TestUser, TestUser];
    await setPresence(ctx, budi, 1);
    await setPresence(ctx, citra, 1);
    // Dewi has no open chats but is offline: she never gets one while others are online.
    await openChat(a.accountId, budi.id, () => a.writes());
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    ctx.events.length = 0;
    const chatId = await a.writes();
    expect((await chatOf(ctx, chatId)).agent_id).toBe(citra.id);
    const assigned = ctx.events.find((e) => e.type === 'chat.assigned');
    expect(assigned).toMatchObject({ chat: { id: chatId, agent_id: citra.id }, by: null });
    expect(ctx.events.find((e) => e.type === 'chat.assign.result')).toMatchObject({
      userId: citra.id,
      result: { chatId, ok: true },
    });
    expect(dewi.id).not.toBe(citra.id);
  });

  it('balances by open chats; resolved (gray) and archived chats do not count; ties by longest wait', async () => {
    const a = await account(ctx, [{ name: 'Budi' }, { name: 'Citra' }]);
    const [budi, citra] = a.users as [TestUser, TestUser];
    await setPresence(ctx, budi, 1);
    await setPresence(ctx, citra, 1);
    const gray = await openChat(a.accountId, budi.id, () => a.writes());
    const archived = await openChat(a.accountId, budi.id, () => a.writes());
    await ctx.deps.db.updateTable('chats').set({ flag: 'gray' }).where('id', '=', gray).execute();
    await ctx.deps.db
      .updateTable('chats')
      .set({ is_archive: true })
      .where('id', '=', archived)
      .execute();
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    const got: string[] = [];
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance(1000);
      got.push((await chatOf(ctx, await a.writes())).agent_id ?? 'none');
    }
    expect(got.filter((id) => id === budi.id)).toHaveLength(3);
    expect(got.filter((id) => id === citra.id)).toHaveLength(3);
    // Round robin: never the same agent twice in a row when both have as many open chats.
    for (let i = 1; i < got.length; i++) expect(got[i]).not.toBe(got[i - 1]);
  });

  it('spreads concurrent arrivals evenly (the account lock prevents double picks)', async () => {
    const a = await account(ctx, [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }]);
    for (const u of a.users) await setPresence(ctx, u, 1);
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    const ids = await Promise.all(Array.from({ length: 20 }, () => a.writes()));
    const counts = new Map<string, number>();
    for (const id of ids) {
      const agentId = (await chatOf(ctx, id)).agent_id;
      expect(agentId).not.toBeNull();
      counts.set(agentId ?? '', (counts.get(agentId ?? '') ?? 0) + 1);
    }
    expect([...counts.values()].sort()).toEqual([5, 5, 5, 5]);
  });

  it('gives a customer who writes twice in one burst one agent, counted once', async () => {
    const a = await account(ctx, [{ name: 'A' }, { name: 'B' }]);
    for (const u of a.users) await setPresence(ctx, u, 1);
    // Filed chats with no message yet, so the burst's messages all reach one assignment batch.
    const [twice, ...others] = Array.from({ length: 4 }, () => newCustomer()) as [
      string,
      ...string[],
    ];
    for (const from of [twice, ...others]) await a.customer.post({ from });
    await ctx.deps.db
      .updateTable('chats')
      .set({ agent_id: null })
      .where('account_id', '=', a.accountId)
      .execute();
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    ctx.events.length = 0;
    await Promise.all([twice, twice, ...others].map((from) => a.customer.post({ from })));

    const chatId = await a.customer.chatId(twice);
    const assigned = ctx.events.filter((e) => e.type === 'chat.assigned');
    expect(assigned.filter((e) => e.chat.id === chatId)).toHaveLength(1);
    expect(assigned).toHaveLength(4);
    const agents = await ctx.deps.db
      .selectFrom('chats')
      .select('agent_id')
      .where('account_id', '=', a.accountId)
      .execute();
    const perAgent = a.users.map((u) => agents.filter((c) => c.agent_id === u.id).length);
    // Four chats, two each: the repeat did not count as a fifth.
    expect(perAgent).toEqual([2, 2]);
    const ticket = await ctx.deps.db
      .selectFrom('tickets')
      .select('agent_id')
      .where('chat_id', '=', chatId)
      .where('close_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(ticket.agent_id).toBe((await chatOf(ctx, chatId)).agent_id);
  });

  it('within a burst, ties go to the longest waiting and the burst order carries to the next', async () => {
    const a = await account(ctx, [{ name: 'Budi' }, { name: 'Citra' }]);
    const [budi, citra] = a.users as [TestUser, TestUser];
    await setPresence(ctx, budi, 1);
    await setPresence(ctx, citra, 1);
    // Citra waited longer than Budi: the burst's first pick is hers.
    await ctx.deps.db
      .updateTable('user_presence')
      .set({ last_assigned_at: new Date(ctx.clock.now().getTime() - 60_000) })
      .where('user_id', '=', citra.id)
      .execute();
    await ctx.deps.db
      .updateTable('user_presence')
      .set({ last_assigned_at: new Date(ctx.clock.now().getTime() - 30_000) })
      .where('user_id', '=', budi.id)
      .execute();
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    ctx.events.length = 0;
    const burst = await Promise.all([a.writes(), a.writes(), a.writes()]);
    const agents = await Promise.all(burst.map(async (id) => (await chatOf(ctx, id)).agent_id));
    expect(agents.filter((id) => id === citra.id)).toHaveLength(2);
    expect(agents.filter((id) => id === budi.id)).toHaveLength(1);
    // One announcement per chat, to every screen and to the agent.
    expect(ctx.events.filter((e) => e.type === 'chat.assigned')).toHaveLength(3);
    expect(ctx.events.filter((e) => e.type === 'chat.assign.result')).toHaveLength(3);
    // The clock stands still: Budi (one open chat fewer) gets the next; then they tie at two and
    // Citra, whose last assignment came before Budi's, gets it (whatever batches the burst took).
    expect((await chatOf(ctx, await a.writes())).agent_id).toBe(budi.id);
    expect((await chatOf(ctx, await a.writes())).agent_id).toBe(citra.id);
  });

  it('skips agents who are away or not connected, and admins and inactive users', async () => {
    const a = await account(ctx, [{ name: 'Away' }, { name: 'Gone' }, { name: 'Here' }]);
    const [away, gone, here] = a.users as [TestUser, TestUser, TestUser];
    await setPresence(ctx, away, 2, 'away');
    await setPresence(ctx, gone, 1);
    await ctx.deps.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('id', '=', gone.id)
      .execute();
    await setPresence(ctx, a.admin, 1);
    await setPresence(ctx, here, 1);
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    for (let i = 0; i < 3; i++)
      expect((await chatOf(ctx, await a.writes())).agent_id).toBe(here.id);
  });

  it('keeps a chat that already has an agent, and opens its ticket for the picked agent', async () => {
    const a = await account(ctx, [{ name: 'Budi' }, { name: 'Citra' }]);
    const [budi, citra] = a.users as [TestUser, TestUser];
    await setPresence(ctx, budi, 1);
    await setPresence(ctx, citra, 1);
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    const first = (await chatOf(ctx, chatId)).agent_id;
    await a.customer.post({ from });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(first);
    const ticket = await ctx.deps.db
      .selectFrom('tickets')
      .select('agent_id')
      .where('chat_id', '=', chatId)
      .where('close_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(ticket.agent_id).toBe(first);
  });
});

describe('division routing', () => {
  it('sends a chat with a division to that division’s agents only (isRouteDivision)', async () => {
    const a = await account(
      ctx,
      [
        { name: 'Sales', divisions: ['0'] },
        { name: 'Support', divisions: ['1'] },
      ],
      2,
    );
    const [sales, support] = a.users as [TestUser, TestUser];
    await setPresence(ctx, sales, 1);
    await setPresence(ctx, support, 1);
    // Support has fewer open chats, but the chat belongs to Sales' division.
    await openChat(a.accountId, sales.id, () => a.writes());
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true', isRouteDivision: 'true' });
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    // Put it back in the queue with a division, as a greeting choice or an admin would.
    await ctx.deps.db
      .updateTable('chats')
      .set({ agent_id: null, division_ids: [a.divisionIds[0] ?? ''] })
      .where('id', '=', chatId)
      .execute();
    await a.customer.post({ from });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(sales.id);
  });

  it('also with bo.enableDivisionAssignment, and ignores divisions when both are off', async () => {
    const a = await account(
      ctx,
      [
        { name: 'Sales', divisions: ['0'] },
        { name: 'Support', divisions: ['1'] },
      ],
      2,
    );
    const [sales, support] = a.users as [TestUser, TestUser];
    await setPresence(ctx, sales, 1);
    await setPresence(ctx, support, 1);
    await openChat(a.accountId, sales.id, () => a.writes());
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    const route = async () => {
      const from = newCustomer();
      await a.customer.post({ from });
      const chatId = await a.customer.chatId(from);
      await ctx.deps.db
        .updateTable('chats')
        .set({ agent_id: null, division_ids: [a.divisionIds[0] ?? ''] })
        .where('id', '=', chatId)
        .execute();
      await a.customer.post({ from });
      return (await chatOf(ctx, chatId)).agent_id;
    };
    // Off: balancing alone decides (support has fewer open chats).
    expect(await route()).toBe(support.id);
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: a.accountId, key: 'bo.enableDivisionAssignment', value: 'true' })
      .execute();
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    expect(await route()).toBe(sales.id);
  });

  it('balances concurrent arrivals within each division (one lock per division)', async () => {
    const a = await account(
      ctx,
      [
        { name: 'S1', divisions: ['0'] },
        { name: 'S2', divisions: ['0'] },
        { name: 'T1', divisions: ['1'] },
        { name: 'T2', divisions: ['1'] },
        { name: 'T3', divisions: ['1'] },
      ],
      2,
    );
    for (const u of a.users) await setPresence(ctx, u, 1);
    // Chats filed under a division before the customer's message (as an import leaves them).
    const froms = Array.from({ length: 24 }, () => newCustomer());
    for (const from of froms) await a.customer.post({ from });
    for (const [i, from] of froms.entries())
      await ctx.deps.db
        .updateTable('chats')
        .set({ division_ids: [a.divisionIds[i % 2] ?? ''], agent_id: null })
        .where('identifier', '=', from)
        .execute();
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true', isRouteDivision: 'true' });
    await Promise.all(froms.map((from) => a.customer.post({ from })));
    const counts = new Map<string, number>();
    for (const from of froms) {
      const chat = await chatOf(ctx, await a.customer.chatId(from));
      counts.set(chat.agent_id ?? 'none', (counts.get(chat.agent_id ?? 'none') ?? 0) + 1);
    }
    const [s1, s2, t1, t2, t3] = a.users.map((u) => counts.get(u.id) ?? 0);
    expect([s1, s2]).toEqual([6, 6]);
    expect([t1, t2, t3]).toEqual([4, 4, 4]);
    expect(counts.get('none')).toBeUndefined();
  });
});
