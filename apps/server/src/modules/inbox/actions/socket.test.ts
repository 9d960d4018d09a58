import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCE_UPDATED_EVENT,
  MESSAGES,
  PRESENCE_UPDATED_EVENT,
  SERVER_EVENTS,
  type Ack,
  type AssignChatResultEvent,
  type BalanceCheckEvent,
  type Chat,
  type ChatAssignedEvent,
  type MessageResolvedEvent,
} from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../../test/fixtures.js';
import {
  createChat,
  fundAccount,
  openTicket,
  twoDivisionAccount,
} from '../../../test/fixtures-inbox.js';
import { listenLocally, socketClients } from '../../../test/sockets.js';

/** Who hears which action event, over real sockets. */
let ctx: TestContext;
let url: string;
let accountId: string;
let channelId: string;
let d1: string;
let admin: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let outsider: TestUser;
let stranger: TestUser;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  ({ accountId, channelId, d1, admin, agentA, agentB, outsider } = await twoDivisionAccount(ctx));
  stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
});
afterEach(() => {
  clients.closeAll();
});
afterAll(() => ctx.close());

const open = (user: TestUser) => clients.open(url, user.token);

/**
 * Every chat event a socket receives, by name (presence comes and goes with the sockets; the
 * balance moves as sends are charged, which the pricing tests cover).
 */
function record(socket: Socket): { name: string; payload: unknown }[] {
  const seen: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => {
    if (name !== PRESENCE_UPDATED_EVENT && name !== BALANCE_UPDATED_EVENT)
      seen.push({ name, payload });
  });
  return seen;
}
const names = (seen: { name: string }[]) => seen.map((e) => e.name);
const settle = () => new Promise((r) => setTimeout(r, 200));

async function openAll(users: TestUser[]) {
  const opened = await Promise.all(users.map(open));
  return { sockets: opened, seen: opened.map(record) };
}

const post = (user: TestUser, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/chats/${path}`, headers: user.auth, payload });

describe('chat.assigned and assign.chat.result', () => {
  it('reach the previous agent, the new one and the asker; nobody else', async () => {
    const chatId = await createChat(ctx, accountId, {
      channelId,
      agentId: agentA.id,
      divisionIds: [d1],
      name: 'Dewi',
    });
    const { seen } = await openAll([admin, agentA, agentB, outsider, stranger]);
    const [atAdmin, atA, atB, atOutsider, atStranger] = seen;

    const res = await post(admin, 'assign', { chatId, agentId: agentB.id });
    expect(res.statusCode).toBe(200);
    await settle();

    const assigned = atA!.find((e) => e.name === SERVER_EVENTS.chatAssigned)
      ?.payload as ChatAssignedEvent;
    expect(assigned).toMatchObject({
      previousAgentId: agentA.id,
      by: { _id: admin.id, name: 'Ana' },
      chat: { _id: chatId, name: 'Dewi', agentId: agentB.id },
    });
    expect(names(atB!)).toEqual([SERVER_EVENTS.chatAssigned]);
    expect(names(atA!)).toEqual([SERVER_EVENTS.chatAssigned]);
    expect(names(atAdmin!).sort()).toEqual(
      [SERVER_EVENTS.assignChatResult, SERVER_EVENTS.chatAssigned].sort(),
    );
    const result = atAdmin!.find((e) => e.name === SERVER_EVENTS.assignChatResult)
      ?.payload as AssignChatResultEvent;
    expect(result).toMatchObject({ chatId, ok: true, chat: { agentId: agentB.id } });
    expect(atOutsider).toEqual([]);
    expect(atStranger).toEqual([]);
  });

  it('tells the asker when the assignment is refused', async () => {
    const chatId = await createChat(ctx, accountId, { channelId, agentId: agentA.id });
    const { seen } = await openAll([agentA, admin]);
    const res = await post(agentA, 'assign', { chatId, agentId: stranger.id });
    expect(res.statusCode).toBe(400);
    await settle();
    expect(seen[0]!.map((e) => e.payload)).toEqual([
      { chatId, ok: false, message: MESSAGES.agentNotFound },
    ]);
    expect(seen[1]).toEqual([]);
  });
});

describe('message.resolved.created', () => {
  it('reaches the agent who had the chat even though they no longer see it', async () => {
    const chatId = await createChat(ctx, accountId, {
      channelId,
      agentId: agentA.id,
      divisionIds: [d1],
    });
    const ticketId = await openTicket(ctx, accountId, chatId, agentA.id);
    const { seen } = await openAll([agentA, agentB, outsider]);
    const [atA, atB, atOutsider] = seen;
    expect((await post(admin, 'resolve-ticket', { chatId, agentId: admin.id })).statusCode).toBe(
      200,
    );
    await settle();
    const event = atA!.find((e) => e.name === SERVER_EVENTS.messageResolvedCreated)
      ?.payload as MessageResolvedEvent;
    expect(event).toMatchObject({
      ticketId,
      previousAgentId: agentA.id,
      by: { _id: admin.id },
      chat: { _id: chatId, flag: 'gray', agentId: null },
    });
    // Now unassigned in D1: agent B (D1) may pick it up; the D2 agent never saw it.
    expect(names(atB!)).toEqual([SERVER_EVENTS.messageResolvedCreated]);
    expect(atOutsider).toEqual([]);
  });
});

describe('archive.chat, unarchive.chat, block.chat over the socket', () => {
  it('answer through the ack and announce the change to who may see the chat', async () => {
    const chatId = await createChat(ctx, accountId, { channelId, agentId: agentA.id });
    const { sockets: opened, seen } = await openAll([agentA, admin, agentB]);
    const [socketA] = opened;
    const steps = [
      ['archive.chat', SERVER_EVENTS.chatArchived, { isArchive: true }],
      ['unarchive.chat', SERVER_EVENTS.chatUnarchived, { isArchive: false }],
      ['block.chat', SERVER_EVENTS.chatBlocked, { blocked: true }],
    ] as const;
    for (const [event, , expected] of steps) {
      const ack = (await socketA!.emitWithAck(event, { chatId })) as Ack<{ chat: Chat }>;
      expect(ack, event).toMatchObject({ ok: true, data: { chat: { _id: chatId, ...expected } } });
    }
    await settle();
    const announced = steps.map(([, name]) => name);
    expect(names(seen[0]!)).toEqual(announced);
    expect(names(seen[1]!)).toEqual(announced);
    expect(seen[2]).toEqual([]);
  });

  it('refuse hidden chats and bad payloads through the ack', async () => {
    const hidden = await createChat(ctx, accountId, { channelId, agentId: agentB.id });
    const socket = await open(agentA);
    const ack = (await socket.emitWithAck('block.chat', { chatId: hidden })) as Ack;
    expect(ack).toEqual({ ok: false, message: MESSAGES.noActiveChatroom, code: 'NOT_FOUND' });
    const bad = (await socket.emitWithAck('archive.chat', { chatId: 'x' })) as Ack;
    expect(bad).toMatchObject({ ok: false, message: 'The chat id is not valid' });
    const row = await ctx.deps.db
      .selectFrom('chats')
      .select('blocked')
      .where('id', '=', hidden)
      .executeTakeFirstOrThrow();
    expect(row.blocked).toBe(false);
  });
});

describe('chat (labels, flag, unblock)', () => {
  it('reaches the chat rooms only', async () => {
    const chatId = await createChat(ctx, accountId, {
      channelId,
      agentId: agentA.id,
      blocked: true,
    });
    const { seen } = await openAll([agentA, outsider]);
    await post(admin, 'flag', { chatId, flag: 'green' });
    await post(admin, 'unblock', { chatId });
    await settle();
    expect(names(seen[0]!)).toEqual([SERVER_EVENTS.chat, SERVER_EVENTS.chat]);
    expect((seen[0]![1]!.payload as { chat: Chat }).chat).toMatchObject({
      flag: 'green',
      blocked: false,
    });
    expect(seen[1]).toEqual([]);
  });
});

describe('sending: new.message.push.reply and balance.check', () => {
  it('announces REST sends as new.message.push.reply and socket sends as message.out', async () => {
    const chatId = await createChat(ctx, accountId, { channelId, agentId: agentA.id });
    const { sockets: opened, seen } = await openAll([agentA, admin]);
    const rest = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: agentA.auth,
      payload: { chatId, text: 'from an integration' },
    });
    expect(rest.statusCode).toBe(201);
    const ack = (await opened[0]!.emitWithAck('new.message.out', { chatId, text: 'typed' })) as Ack;
    expect(ack.ok).toBe(true);
    await settle();
    for (const at of seen)
      expect(names(at)).toEqual([SERVER_EVENTS.newMessagePushReply, SERVER_EVENTS.messageOut]);
    expect(seen[1]![0]!.payload).toMatchObject({
      chat: { _id: chatId },
      message: { text: 'from an integration', fromMe: true },
    });
  });

  it('refuses below the minimum balance and tells only the sender with balance.check', async () => {
    const poor = await createAccount(ctx);
    const poorChannel = (await createWhatsappChannel(ctx, poor)).id;
    const sender = await createUser(ctx, poor, { role: 'admin' });
    const colleague = await createUser(ctx, poor, { role: 'admin' });
    await fundAccount(ctx, poor, 10_000);
    const chatId = await createChat(ctx, poor, { channelId: poorChannel });
    const { sockets: opened, seen } = await openAll([sender, colleague]);
    const ack = (await opened[0]!.emitWithAck('new.message.out', { chatId, text: 'hi' })) as Ack;
    expect(ack).toEqual({
      ok: false,
      message: MESSAGES.insufficientBalance,
      code: 'INSUFFICIENT_BALANCE',
    });
    await settle();
    expect(seen[0]!).toEqual([
      {
        name: SERVER_EVENTS.balanceCheck,
        payload: {
          message: MESSAGES.insufficientBalance,
          balance: 10_000,
          minimumBalance: 50_000,
        } satisfies BalanceCheckEvent,
      },
    ]);
    expect(seen[1]).toEqual([]);
  });
});
