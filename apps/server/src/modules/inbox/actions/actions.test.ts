import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type Chat } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../../test/fixtures.js';
import {
  createChat,
  fundAccount,
  openTicket,
  type ChatShape,
} from '../../../test/fixtures-inbox.js';

let ctx: TestContext;
let accountId: string;
let channelId: string;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let stranger: TestUser;
let strangerChat: string;
let division: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  division = await createDivision(ctx, accountId, 'Sales');
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ana Admin' });
  agent = await createUser(ctx, accountId, { role: 'agent', name: 'Budi', allChat: false });
  otherAgent = await createUser(ctx, accountId, { role: 'agent', name: 'Citra', allChat: false });
  const strangerAccount = await createAccount(ctx);
  stranger = await createUser(ctx, strangerAccount, { role: 'admin' });
  const strangerChannel = await createWhatsappChannel(ctx, strangerAccount);
  strangerChat = await createChat(ctx, strangerAccount, { channelId: strangerChannel.id });
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.events.length = 0;
});

const post = (user: TestUser, path: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/chats/${path}`, headers: user.auth, payload });
const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });
const chat = (shape: Partial<ChatShape> = {}) =>
  createChat(ctx, accountId, { channelId, ...shape });
const row = (id: string) =>
  ctx.deps.db.selectFrom('chats').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ticket = (id: string) =>
  ctx.deps.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
// What the inbox announced; the live dashboard's nudge (reports module) may follow any of it.
const eventTypes = () =>
  ctx.events.map((e) => e.type).filter((type) => type !== 'dashboard.updated');

describe('GET /api/chats/:id', () => {
  it('answers the chat the caller may see', async () => {
    const id = await chat({ name: 'Dewi', agentId: agent.id });
    const res = await get(agent, `/api/chats/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: id,
      name: 'Dewi',
      agent: { _id: agent.id, name: 'Budi' },
    });
  });

  it("answers 404 No active chatroom for another account's chat and 400 for a malformed id", async () => {
    const res = await get(admin, `/api/chats/${strangerChat}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.noActiveChatroom);
    expect((await get(admin, '/api/chats/nope')).statusCode).toBe(400);
  });
});

describe('GET /api/chats/active and /api/chats/unread', () => {
  it('count visible chats; archived and blocked never count, resolved not active, unread once per chat', async () => {
    const fresh = await createAccount(ctx);
    const freshChannel = (await createWhatsappChannel(ctx, fresh)).id;
    const boss = await createUser(ctx, fresh, { role: 'admin' });
    const worker = await createUser(ctx, fresh, { role: 'agent', allChat: false });
    const someoneElse = await createUser(ctx, fresh, { role: 'agent', allChat: false });
    const make = (shape: Partial<ChatShape>) =>
      createChat(ctx, fresh, { channelId: freshChannel, ...shape });
    await make({ flag: 'red', unreadCount: 7, agentId: worker.id }); // active, unread
    await make({ flag: 'green', unreadCount: 0 }); // active
    await make({ flag: 'gray', unreadCount: 2 }); // resolved: not active, unread
    await make({ flag: 'red', unreadCount: 3, isArchive: true }); // neither
    await make({ flag: 'red', unreadCount: 3, blocked: true }); // neither
    await make({ flag: 'red', unreadCount: 1, agentId: someoneElse.id }); // hidden from worker

    expect((await get(boss, '/api/chats/active')).json()).toEqual({ total: 3 });
    expect((await get(boss, '/api/chats/unread')).json()).toEqual({ total: 3 });
    // The agent sees their own chat and the unassigned ones without a division.
    expect((await get(worker, '/api/chats/active')).json()).toEqual({ total: 2 });
    expect((await get(worker, '/api/chats/unread')).json()).toEqual({ total: 2 });
  });
});

describe('POST /api/chats/assign', () => {
  it('assigns to an agent, moves the open ticket with it, and tells everyone concerned', async () => {
    const id = await chat({ agentId: otherAgent.id });
    const ticketId = await openTicket(ctx, accountId, id, otherAgent.id);
    const res = await post(admin, 'assign', { chatId: id, agentId: agent.id });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { chat: Chat };
    expect(body.chat).toMatchObject({ _id: id, agentId: agent.id, agent: { name: 'Budi' } });
    expect((await row(id)).agent_id).toBe(agent.id);
    expect((await ticket(ticketId)).agent_id).toBe(agent.id);
    expect(eventTypes()).toEqual(['chat.assigned', 'chat.assign.result']);
    const assigned = ctx.events[0];
    if (assigned?.type !== 'chat.assigned') throw new Error('expected chat.assigned');
    expect(assigned.before.agent_id).toBe(otherAgent.id);
    expect(assigned.chat.agent_id).toBe(agent.id);
    expect(assigned.by).toEqual({ _id: admin.id, name: 'Ana Admin' });
    const result = ctx.events[1];
    if (result?.type !== 'chat.assign.result') throw new Error('expected chat.assign.result');
    expect(result.userId).toBe(admin.id);
    expect(result.result).toMatchObject({ chatId: id, ok: true, chat: { agentId: agent.id } });
  });

  it('sets or clears the division, and agentId null unassigns', async () => {
    const id = await chat({ agentId: agent.id });
    const ticketId = await openTicket(ctx, accountId, id, agent.id);
    const routed = await post(admin, 'assign', { chatId: id, agentId: null, divisionId: division });
    expect(routed.json().chat).toMatchObject({
      agentId: null,
      agent: null,
      divisionId: [division],
    });
    expect((await ticket(ticketId)).agent_id).toBeNull();
    const cleared = await post(admin, 'assign', { chatId: id, divisionId: null });
    expect(cleared.json().chat).toMatchObject({ agentId: null, divisionId: [] });
  });

  it('lets an agent pick up an unassigned chat they can see', async () => {
    const id = await chat();
    const res = await post(agent, 'assign', { chatId: id, agentId: agent.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().chat.agentId).toBe(agent.id);
  });

  it('refuses agents who are not active users of the account, and foreign divisions', async () => {
    const id = await chat();
    const gone = await createUser(ctx, accountId, { role: 'agent' });
    await ctx.deps.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('id', '=', gone.id)
      .execute();
    for (const agentId of [gone.id, stranger.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await post(admin, 'assign', { chatId: id, agentId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.agentNotFound,
        code: 'AGENT_NOT_FOUND',
        issues: [{ path: 'agentId' }],
      });
    }
    const foreignDivision = await createDivision(ctx, stranger.accountId);
    const div = await post(admin, 'assign', { chatId: id, divisionId: foreignDivision });
    expect(div.statusCode).toBe(400);
    expect(div.json().message).toBe(MESSAGES.divisionNotFound);
    expect((await row(id)).agent_id).toBeNull();
    // The asker's screens learn of the refusal too.
    const results = ctx.events.filter((e) => e.type === 'chat.assign.result');
    expect(results.at(-1)).toMatchObject({
      userId: admin.id,
      result: { chatId: id, ok: false, message: MESSAGES.divisionNotFound },
    });
    expect(eventTypes()).not.toContain('chat.assigned');
  });

  it('validates the body', async () => {
    const id = await chat();
    const neither = await post(admin, 'assign', { chatId: id });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('The agent field is required');
    const bad = await post(admin, 'assign', { chatId: 'x', agentId: agent.id });
    expect(bad.json().message).toBe('The chat id is not valid');
  });
});

describe('POST /api/chats/labels and /api/chats/flag', () => {
  async function label(name: string, user = admin): Promise<string> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/labels',
      headers: user.auth,
      payload: { label: name, color: '#228be6' },
    });
    return res.json()._id as string;
  }

  it('replaces the labels (without duplicates) and announces the chat', async () => {
    const [vip, lead] = [await label('VIP'), await label('Lead')];
    const id = await chat({ labels: [vip] });
    const res = await post(agent, 'labels', { chatId: id, labelIds: [lead, vip, lead] });
    expect(res.statusCode).toBe(200);
    expect(res.json().chat.label).toEqual([lead, vip]);
    expect((await row(id)).labels).toEqual([lead, vip]);
    expect(eventTypes()).toEqual(['chat.updated']);
    expect((await post(agent, 'labels', { chatId: id, labelIds: [] })).json().chat.label).toEqual(
      [],
    );
  });

  it("refuses another account's label", async () => {
    const theirs = await label('Theirs', stranger);
    const id = await chat();
    const res = await post(admin, 'labels', { chatId: id, labelIds: [theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.labelNotFound, code: 'LABEL_NOT_FOUND' });
    expect((await row(id)).labels).toEqual([]);
  });

  it('sets the flag and validates it', async () => {
    const id = await chat({ flag: 'red' });
    const res = await post(admin, 'flag', { chatId: id, flag: 'green' });
    expect(res.json().chat.flag).toBe('green');
    expect(eventTypes()).toEqual(['chat.updated']);
    expect((await post(admin, 'flag', { chatId: id, flag: 'blue' })).statusCode).toBe(400);
  });
});

describe('POST /api/chats/resolve-ticket', () => {
  it('sets gray, removes the agent and closes the open ticket at the clock, by the caller', async () => {
    const id = await chat({ agentId: agent.id, flag: 'green' });
    const ticketId = await openTicket(ctx, accountId, id, agent.id);
    ctx.clock.advance(60_000);
    const res = await post(agent, 'resolve-ticket', { chatId: id, agentId: otherAgent.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().chat).toMatchObject({ flag: 'gray', agentId: null, agent: null });
    const closed = await ticket(ticketId);
    expect(closed.close_at?.toISOString()).toBe(ctx.clock.now().toISOString());
    // The resolver is whoever is signed in, never the body's agentId.
    expect(closed.resolved_by).toBe(agent.id);
    expect(closed.agent_id).toBe(agent.id);
    expect(eventTypes()).toEqual(['chat.resolved']);
    const event = ctx.events[0];
    if (event?.type !== 'chat.resolved') throw new Error('expected chat.resolved');
    expect(event).toMatchObject({ ticketId, by: { _id: agent.id } });
    expect(event.before.agent_id).toBe(agent.id);
  });

  it('resolves a chat without an open ticket too', async () => {
    const id = await chat({ agentId: agent.id });
    const res = await post(admin, 'resolve-ticket', { chatId: id });
    expect(res.statusCode).toBe(200);
    expect(ctx.events[0]).toMatchObject({ type: 'chat.resolved', ticketId: null });
  });

  it('answers a clear message when it cannot', async () => {
    const res = await post(admin, 'resolve-ticket', { chatId: strangerChat });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.noActiveChatroom);
    expect((await post(admin, 'resolve-ticket', {})).json().message).toBe(
      'The chat id is not valid',
    );
  });
});

describe('archive, unarchive, block, unblock', () => {
  it('change the chat and announce it with the spec event', async () => {
    const id = await chat();
    const steps: [string, Partial<Chat>, string][] = [
      ['archive', { isArchive: true }, 'chat.archived'],
      ['unarchive', { isArchive: false }, 'chat.unarchived'],
      ['block', { blocked: true }, 'chat.blocked'],
      ['unblock', { blocked: false }, 'chat.updated'],
    ];
    for (const [path, expected, event] of steps) {
      ctx.events.length = 0;
      const res = await post(agent, path, { chatId: id });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().chat).toMatchObject(expected);
      expect(eventTypes(), path).toEqual([event]);
    }
  });

  it('refuses to send to a blocked chat with the spec message', async () => {
    const id = await chat({ agentId: admin.id });
    await post(admin, 'block', { chatId: id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: id, text: 'hello?' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.chatBlocked, code: 'CHAT_BLOCKED' });
  });
});

describe('account isolation', () => {
  it.each([
    ['assign', { agentId: null }],
    ['labels', { labelIds: [] }],
    ['flag', { flag: 'green' }],
    ['resolve-ticket', {}],
    ['archive', {}],
    ['unarchive', {}],
    ['block', {}],
    ['unblock', {}],
  ])("%s answers 404 for another account's chat and leaves it alone", async (path, extra) => {
    const before = await row(strangerChat);
    const res = await post(admin, path, { chatId: strangerChat, ...extra });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.noActiveChatroom);
    expect(await row(strangerChat)).toEqual(before);
    expect(eventTypes().filter((t) => t !== 'chat.assign.result')).toEqual([]);
  });
});
