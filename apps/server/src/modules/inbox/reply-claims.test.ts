import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_EVENTS,
  PRESENCE_UPDATED_EVENT,
  SERVER_EVENTS,
  type Ack,
  type ChatAssignedEvent,
  type Message,
} from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/fixtures.js';
import { createChat, openTicket, twoDivisionAccount } from '../../test/fixtures-inbox.js';
import { listenLocally, socketClients } from '../../test/sockets.js';
import { insertTestTemplate } from './templates/test-fixtures.js';

/**
 * A reply to a chat nobody holds makes the replier its agent: the chat and its ticket name the
 * same person, and every screen hears it as `chat.assigned` (issue 15, item 17).
 */
let ctx: TestContext;
let url: string;
let accountId: string;
let channelId: string;
let d1: string;
let admin: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let supervisor: TestUser;
let outsider: TestUser;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  // B sees D1's unassigned chats, so an agent's claim takes the chat out of their list; the
  // outsider never saw a D1 chat and must not hear of one.
  ({ accountId, channelId, d1, admin, agentA, agentB, outsider } = await twoDivisionAccount(ctx));
  supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  await ctx.deps.db
    .insertInto('supervisor_agents')
    .values({ account_id: accountId, supervisor_id: supervisor.id, agent_id: agentA.id })
    .execute();
  // Principals are cached at login; the supervision above must be part of them.
  ctx.deps.authCache.invalidateAll();
});
afterEach(() => {
  clients.closeAll();
});
afterAll(() => ctx.close());

/** What a send announces; the balance announcement of its usage charge follows apart (pricing). */
const sendEvents = () => ctx.events.map((e) => e.type).filter((type) => type !== 'balance.updated');

const open = (user: TestUser) => clients.open(url, user.token);

function record(socket: Socket): { name: string; payload: unknown }[] {
  const seen: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => {
    if (name !== PRESENCE_UPDATED_EVENT) seen.push({ name, payload });
  });
  return seen;
}
const settle = () => new Promise((r) => setTimeout(r, 200));
const assignedOf = (seen: { name: string; payload: unknown }[]) =>
  seen
    .filter((e) => e.name === SERVER_EVENTS.chatAssigned)
    .map((e) => e.payload) as ChatAssignedEvent[];

async function unassignedChat(): Promise<{ chatId: string; ticketId: string }> {
  const chatId = await createChat(ctx, accountId, { channelId, divisionIds: [d1], name: 'Dewi' });
  return { chatId, ticketId: await openTicket(ctx, accountId, chatId) };
}

async function stored(chatId: string, ticketId: string) {
  const { db } = ctx.deps;
  const chat = await db
    .selectFrom('chats')
    .select('agent_id')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  const ticket = await db
    .selectFrom('tickets')
    .select(['agent_id', 'answer_at'])
    .where('id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return { chatAgent: chat.agent_id, ticketAgent: ticket.agent_id, answered: !!ticket.answer_at };
}

const sendRest = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages', headers: user.auth, payload });

describe('a reply to an unassigned chat', () => {
  it('REST: assigns the chat and its ticket to the replier; every viewer hears chat.assigned', async () => {
    const { chatId, ticketId } = await unassignedChat();
    const opened = await Promise.all([admin, agentA, agentB, supervisor, outsider].map(open));
    const [atAdmin, atA, atB, atSupervisor, atOutsider] = opened.map(record);

    const res = await sendRest(agentA, { chatId, text: 'Halo kak, saya bantu ya' });
    expect(res.statusCode).toBe(201);
    expect(await stored(chatId, ticketId)).toEqual({
      chatAgent: agentA.id,
      ticketAgent: agentA.id,
      answered: true,
    });
    await settle();

    for (const seen of [atAdmin!, atA!, atB!, atSupervisor!]) {
      expect(assignedOf(seen)).toEqual([
        expect.objectContaining({
          chat: expect.objectContaining({ _id: chatId, agentId: agentA.id }),
          previousAgentId: null,
          by: { _id: agentA.id, name: 'Agus' },
        }),
      ]);
    }
    // The message itself reaches those who still see the chat, with the chat as it is now.
    const pushed = atSupervisor!.find((e) => e.name === SERVER_EVENTS.newMessagePushReply);
    expect(pushed?.payload).toMatchObject({ chat: { _id: chatId, agentId: agentA.id } });
    // Agent B saw the chat only while nobody held it: told of the claim, not of the message.
    expect(atB!.map((e) => e.name)).toEqual([SERVER_EVENTS.chatAssigned]);
    expect(atOutsider).toEqual([]);
  });

  it('socket new.message.out: the same claim, acknowledged with the message', async () => {
    const { chatId, ticketId } = await unassignedChat();
    const [socketA, socketB] = await Promise.all([open(agentA), open(agentB)]);
    const atB = record(socketB!);

    const ack = (await socketA!.emitWithAck(CLIENT_EVENTS.newMessageOut, {
      chatId,
      text: 'Siap kak',
      generatedId: `g-${chatId}`,
    })) as Ack<Message>;
    expect(ack.ok).toBe(true);
    expect(await stored(chatId, ticketId)).toMatchObject({
      chatAgent: agentA.id,
      ticketAgent: agentA.id,
    });
    await settle();
    expect(assignedOf(atB)).toEqual([
      expect.objectContaining({ chat: expect.objectContaining({ agentId: agentA.id }) }),
    ]);
  });

  it('a template reply claims the chat too', async () => {
    const { chatId, ticketId } = await unassignedChat();
    const templateId = await insertTestTemplate(ctx, { accountId, channelId });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages/template',
      headers: agentA.auth,
      payload: { chatId, templateId, params: ['Dewi', 'INV-7'] },
    });
    expect(res.statusCode).toBe(201);
    expect(await stored(chatId, ticketId)).toMatchObject({
      chatAgent: agentA.id,
      ticketAgent: agentA.id,
    });
  });

  it("an admin's reply claims it for the admin", async () => {
    const { chatId, ticketId } = await unassignedChat();
    ctx.events.length = 0;
    expect((await sendRest(admin, { chatId, text: 'Halo' })).statusCode).toBe(201);
    expect(await stored(chatId, ticketId)).toMatchObject({
      chatAgent: admin.id,
      ticketAgent: admin.id,
    });
    expect(sendEvents()).toEqual(['chat.assigned', 'message.created']);
  });
});

describe('a reply to a chat someone holds', () => {
  it('leaves the chat and its ticket with their agent and announces no assignment', async () => {
    const chatId = await createChat(ctx, accountId, {
      channelId,
      agentId: agentB.id,
      divisionIds: [d1],
    });
    const ticketId = await openTicket(ctx, accountId, chatId, agentB.id);
    ctx.events.length = 0;
    expect((await sendRest(admin, { chatId, text: 'Saya bantu' })).statusCode).toBe(201);
    expect(await stored(chatId, ticketId)).toMatchObject({
      chatAgent: agentB.id,
      ticketAgent: agentB.id,
    });
    expect(sendEvents()).toEqual(['message.created']);
  });
});
