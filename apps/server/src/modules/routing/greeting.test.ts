import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Greeting } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/fixtures.js';
import { newCustomer } from '../../test/customer.js';
import { inbound, signed } from '../../test/whatsapp-fixtures.js';
import { chatOf, routingAccount, setPresence, writeSettings } from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const systemTexts = async (chatId: string) =>
  (
    await ctx.deps.db
      .selectFrom('messages')
      .select('text')
      .where('chat_id', '=', chatId)
      .where('is_system', '=', true)
      .orderBy('id')
      .execute()
  ).map((m) => m.text);

/** Sales (division 0) and Support (division 1), one online agent each, greeting enabled. */
async function greetingAccount(autoAssign = true) {
  const a = await routingAccount(
    ctx,
    [
      { name: 'Sales agent', divisions: ['0'] },
      { name: 'Support agent', divisions: ['1'] },
    ],
    2,
  );
  await ctx.deps.db
    .updateTable('divisions')
    .set({ name: 'Sales' })
    .where('id', '=', a.divisionIds[0] ?? '')
    .execute();
  await ctx.deps.db
    .updateTable('divisions')
    .set({ name: 'Support' })
    .where('id', '=', a.divisionIds[1] ?? '')
    .execute();
  for (const u of a.users) await setPresence(ctx, u, 1);
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: a.accountId, key: 'bo.enableGreetingAssignment', value: 'true' })
    .execute();
  await writeSettings(ctx, a.admin, { currentAutoAssign: autoAssign ? 'true' : 'false' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/greeting',
    headers: a.admin.auth,
    payload: {
      text: 'Halo! Pilih layanan:',
      divisionIds: [a.divisionIds[1], a.divisionIds[0]],
    },
  });
  expect(res.statusCode).toBe(200);
  return a;
}

describe('greeting assignment', () => {
  it('greets the first message with numbered divisions and waits for the choice', async () => {
    const a = await greetingAccount();
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    expect(await systemTexts(chatId)).toEqual(['Halo! Pilih layanan:\n\n1. Support\n2. Sales']);
    expect((await chatOf(ctx, chatId)).agent_id).toBeNull();
    // Not a choice: still waiting, no second greeting.
    await a.customer.post({ from, body: 'mau tanya' });
    expect((await chatOf(ctx, chatId)).agent_id).toBeNull();
    expect(await systemTexts(chatId)).toHaveLength(1);

    // "2" is Sales (the greeting's order), so Sales' agent gets it.
    ctx.events.length = 0;
    await a.customer.post({ from, body: '2' });
    const chat = await chatOf(ctx, chatId);
    expect(chat.division_ids).toEqual([a.divisionIds[0]]);
    expect(chat.agent_id).toBe(a.users[0]?.id);
    expect(ctx.events.filter((e) => e.type === 'chat.assigned').length).toBeGreaterThanOrEqual(1);

    // Later messages in the window change nothing.
    await a.customer.post({ from, body: '1' });
    expect((await chatOf(ctx, chatId)).agent_id).toBe(a.users[0]?.id);
  });

  it('greets with a division’s new name right after it is renamed (the cache forgets it)', async () => {
    const a = await greetingAccount();
    const first = newCustomer();
    await a.customer.post({ from: first });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/division/${a.divisionIds[1]}`,
      headers: a.admin.auth,
      payload: { name: 'Helpdesk' },
    });
    expect(res.statusCode).toBe(200);
    const second = newCustomer();
    await a.customer.post({ from: second });
    expect(await systemTexts(await a.customer.chatId(second))).toEqual([
      'Halo! Pilih layanan:\n\n1. Helpdesk\n2. Sales',
    ]);
  });

  it('takes a button reply by its id, and only sets the division when auto-assign is off', async () => {
    const a = await greetingAccount(false);
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    const { body, headers } = signed(
      inbound(
        {
          type: 'interactive',
          interactive: {
            type: 'button_reply',
            button_reply: { id: a.divisionIds[1], title: 'Support' },
          },
        },
        {
          from,
          phoneNumberId: (
            await ctx.deps.db
              .selectFrom('channels')
              .select('external_id')
              .where('account_id', '=', a.accountId)
              .executeTakeFirstOrThrow()
          ).external_id,
          timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
        },
      ),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/meta',
      payload: body,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const chat = await chatOf(ctx, chatId);
    expect(chat.division_ids).toEqual([a.divisionIds[1]]);
    expect(chat.agent_id).toBeNull();
  });

  it('does nothing while bo.enableGreetingAssignment is not the string true', async () => {
    const a = await greetingAccount();
    await ctx.deps.db
      .updateTable('settings')
      .set({ value: 'false' })
      .where('account_id', '=', a.accountId)
      .where('key', '=', 'bo.enableGreetingAssignment')
      .execute();
    await writeSettings(ctx, a.admin, { currentAutoAssign: 'true' });
    const chatId = await a.writes();
    expect(await systemTexts(chatId)).toEqual([]);
    expect((await chatOf(ctx, chatId)).agent_id).not.toBeNull();
  });

  it('with the switch on but no greeting written, assigns and writes no conversation window', async () => {
    const a = await greetingAccount();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/greeting',
      headers: a.admin.auth,
    });
    expect(del.statusCode).toBe(200);
    const chatId = await a.writes();
    expect(await systemTexts(chatId)).toEqual([]);
    expect((await chatOf(ctx, chatId)).agent_id).not.toBeNull();
    // Nothing automatic can be sent, so the window is not tracked (a write per message saved).
    const window = await ctx.deps.db
      .selectFrom('chat_windows')
      .select('chat_id')
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    expect(window).toBeUndefined();
  });
});

describe('/api/greeting', () => {
  it('creates, replaces, reads and deletes; checks divisions and roles', async () => {
    const a = await routingAccount(ctx, [{ name: 'Budi' }], 2);
    const supervisor = await createUser(ctx, a.accountId, { role: 'supervisor' });
    const [agent] = a.users as [TestUser];
    const get = (u: TestUser) =>
      ctx.app.inject({ method: 'GET', url: '/api/greeting', headers: u.auth });
    expect((await get(a.admin)).json()).toEqual({ data: null });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/greeting',
      headers: a.admin.auth,
      payload: { text: '  Hi  ', divisionIds: [a.divisionIds[0]] },
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as Greeting).text).toBe('Hi');
    expect((await get(supervisor)).json().data.divisions).toHaveLength(1);
    expect((await get(agent)).statusCode).toBe(403);

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/greeting',
      headers: a.admin.auth,
      payload: { text: 'Hi', divisionIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MESSAGES.divisionNotFound);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/greeting',
      headers: a.admin.auth,
      payload: { text: '', divisionIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    const bySupervisor = await ctx.app.inject({
      method: 'POST',
      url: '/api/greeting',
      headers: supervisor.auth,
      payload: { text: 'Hi', divisionIds: [a.divisionIds[0]] },
    });
    expect(bySupervisor.statusCode).toBe(403);

    // A deleted division drops out of the greeting.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/greeting',
      headers: a.admin.auth,
      payload: { text: 'Hi', divisionIds: [a.divisionIds[1], a.divisionIds[0]] },
    });
    await ctx.deps.db
      .deleteFrom('divisions')
      .where('id', '=', a.divisionIds[1] ?? '')
      .execute();
    expect((await get(a.admin)).json().data.divisions.map((d: { _id: string }) => d._id)).toEqual([
      a.divisionIds[0],
    ]);

    const del = () =>
      ctx.app.inject({ method: 'DELETE', url: '/api/greeting', headers: a.admin.auth });
    expect((await del()).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(404);
  });
});
