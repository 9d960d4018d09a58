import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/fixtures.js';
import { newCustomer } from '../../test/customer.js';
import { chatOf, routingAccount, setPresence, writeSettings } from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('offline assignment, fallback agent and handover', () => {
  it('leaves the chat unassigned when nobody is online and offline assignment is off', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }]);
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    expect((await chatOf(ctx, await a.writes())).agent_id).toBeNull();
  });

  it('assigns to offline agents, balanced, with allowOfflineAssignment; online ones first', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }, { name: 'Citra' }]);
    const [budi, citra] = a.users as [TestUser, TestUser];
    await writeSettings(ctx, a.admin, {
      currentAutoAssign: 'true',
      allowOfflineAssignment: 'true',
    });
    const first = (await chatOf(ctx, await a.writes())).agent_id;
    const second = (await chatOf(ctx, await a.writes())).agent_id;
    expect(new Set([first, second])).toEqual(new Set([budi.id, citra.id]));
    await setPresence(ctx, citra, 1);
    for (let i = 0; i < 3; i++)
      expect((await chatOf(ctx, await a.writes())).agent_id).toBe(citra.id);
  });

  it('gives the chat to fallbackAgent when no agent qualifies, and to an online agent before it', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }]);
    const [budi] = a.users as [TestUser];
    const supervisor = await createUser(ctx, a.accountId, { role: 'supervisor', name: 'Sari' });
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true', fallbackAgent: supervisor.id });
    expect((await chatOf(ctx, await a.writes())).agent_id).toBe(supervisor.id);
    await setPresence(ctx, budi, 1);
    expect((await chatOf(ctx, await a.writes())).agent_id).toBe(budi.id);
  });

  it('hands a chat waiting for an offline agent to an online one when the customer writes again', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }, { name: 'Citra' }]);
    const [budi, citra] = a.users as [TestUser, TestUser];
    await setPresence(ctx, budi, 1);
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    expect((await chatOf(ctx, chatId)).agent_id).toBe(budi.id);

    // Budi goes offline; without autoHandoverIfOnline the chat keeps waiting for him.
    await setPresence(ctx, budi, 0);
    await setPresence(ctx, citra, 1);
    await a.customer.post({ from });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(budi.id);

    await writeSettings(ctx, a.admin, { autoHandoverIfOnline: 'true' });
    ctx.events.length = 0;
    await a.customer.post({ from });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(citra.id);
    expect(ctx.events.find((e) => e.type === 'chat.assigned')).toMatchObject({
      before: { agent_id: budi.id },
      chat: { agent_id: citra.id },
    });

    // Citra is online: her chat stays with her.
    await setPresence(ctx, budi, 1);
    await a.customer.post({ from });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(citra.id);
  });

  it('hands over only to an online agent, never to another offline one', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }, { name: 'Citra' }]);
    const [budi] = a.users as [TestUser, TestUser];
    await setPresence(ctx, budi, 1);
    await writeSettings(ctx, a.admin, {
      currentAutoAssign: 'true',
      autoHandoverIfOnline: 'true',
      allowOfflineAssignment: 'true',
    });
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    await setPresence(ctx, budi, 0, 'online');
    await a.customer.post({ from });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(budi.id);
  });
});

describe('GET/POST /api/settings/handover', () => {
  it('reads and writes the handover keys as booleans; admins only write; checks fallbackAgent', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }]);
    const [budi] = a.users as [TestUser];
    const url = '/api/settings/handover';
    const read = await ctx.app.inject({ method: 'GET', url, headers: budi.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      currentAutoAssign: false,
      isRouteDivision: false,
      allowOfflineAssignment: false,
      autoHandoverIfOnline: false,
      fallbackAgent: null,
    });
    const write = await ctx.app.inject({
      method: 'POST',
      url,
      headers: a.admin.auth,
      payload: { currentAutoAssign: true, autoHandoverIfOnline: true, fallbackAgent: budi.id },
    });
    expect(write.statusCode).toBe(200);
    expect(write.json()).toMatchObject({
      currentAutoAssign: true,
      autoHandoverIfOnline: true,
      isRouteDivision: false,
      fallbackAgent: budi.id,
    });
    // Takes effect at once: the next chat goes to the fallback agent (nobody online).
    expect((await chatOf(ctx, await a.writes())).agent_id).toBe(budi.id);

    const byAgent = await ctx.app.inject({
      method: 'POST',
      url,
      headers: budi.auth,
      payload: { currentAutoAssign: false },
    });
    expect(byAgent.statusCode).toBe(403);
    const stranger = await ctx.app.inject({
      method: 'POST',
      url,
      headers: a.admin.auth,
      payload: { fallbackAgent: '00000000-0000-4000-8000-000000000000' },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('fallbackAgent must be an active user of this account');
    const cleared = await ctx.app.inject({
      method: 'POST',
      url,
      headers: a.admin.auth,
      payload: { fallbackAgent: null },
    });
    expect(cleared.json()).toMatchObject({ fallbackAgent: null, currentAutoAssign: true });
  });
});
