import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { customerOf, newCustomer } from '../../test/customer.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { wamid } from '../../test/whatsapp-fixtures.js';

let ctx: TestContext;
let peer: Awaited<ReturnType<typeof createPeer>>;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let customer: ReturnType<typeof customerOf>;

beforeAll(async () => {
  ctx = await createTestContext();
  peer = await createPeer(ctx);
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ani Admin' });
  agent = await createUser(ctx, accountId, { role: 'agent', name: 'Budi Agent' });
  const channel = await createWhatsappChannel(ctx, accountId);
  customer = customerOf(ctx, channel.phoneNumberId);
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

const ticketsOf = (chatId: string) =>
  ctx.deps.db
    .selectFrom('tickets')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('open_at')
    .execute();
const send = (user: TestUser, chatId: string, text = 'Baik kak') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: user.auth,
    payload: { chatId, text },
  });
const resolve = (user: TestUser, chatId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/chats/resolve-ticket',
    headers: user.auth,
    payload: { chatId, agentId: user.id },
  });
const seconds = (offset: number) =>
  new Date((Math.floor(ctx.clock.now().getTime() / 1000) + offset) * 1000);

describe('a ticket opens at the first customer message after the last close', () => {
  it('opens once per stretch when copies of the webhooks reach two processes at once', async () => {
    const from = newCustomer();
    const first = wamid();
    // Meta redelivers: the same first message six times, into two server processes at once.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        customer.post({ from, id: first, atOffset: -120 }, i % 2 ? peer.app : ctx.app),
      ),
    );
    const chatId = await customer.chatId(from);
    let tickets = await ticketsOf(chatId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      account_id: accountId,
      open_at: seconds(-120),
      answer_at: null,
      close_at: null,
      agent_id: null,
    });

    // More messages of the same stretch, distinct and duplicated, concurrently: no second ticket.
    const later = [wamid(), wamid(), wamid()];
    await Promise.all(
      later.flatMap((id, i) => [
        customer.post({ from, id, atOffset: -60 + i }, ctx.app),
        customer.post({ from, id, atOffset: -60 + i }, peer.app),
      ]),
    );
    tickets = await ticketsOf(chatId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.open_at).toEqual(seconds(-120));
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat_id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(4);
  });

  it('a new conversation written to from both processes at once still has one ticket', async () => {
    const from = newCustomer();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        customer.post({ from, atOffset: -30 + i }, i % 2 ? peer.app : ctx.app),
      ),
    );
    const tickets = await ticketsOf(await customer.chatId(from));
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.open_at.getTime()).toBeGreaterThanOrEqual(seconds(-30).getTime());
    expect(tickets[0]!.open_at.getTime()).toBeLessThanOrEqual(seconds(-23).getTime());
  });

  it('re-opens after a resolve, with the chat agent of that moment, and not for a redelivery', async () => {
    const from = newCustomer();
    const first = wamid();
    await customer.post({ from, id: first, atOffset: -600 });
    const chatId = await customer.chatId(from);
    expect((await resolve(admin, chatId)).statusCode).toBe(200);
    let [closed] = await ticketsOf(chatId);
    expect(closed).toMatchObject({ resolved_by: admin.id, open_at: seconds(-600) });
    expect(closed!.close_at).not.toBeNull();

    // Meta redelivers the old message after the close: it is a duplicate and opens nothing.
    await customer.post({ from, id: first, atOffset: -600 });
    expect(await ticketsOf(chatId)).toHaveLength(1);

    // The chat is handed to an agent; the customer writes again: a new stretch, the agent's.
    await ctx.deps.db
      .updateTable('chats')
      .set({ agent_id: agent.id })
      .where('id', '=', chatId)
      .execute();
    await customer.post({ from, atOffset: -300 });
    await customer.post({ from, atOffset: -290 });
    const tickets = await ticketsOf(chatId);
    expect(tickets).toHaveLength(2);
    [closed] = tickets;
    expect(closed!.close_at).not.toBeNull();
    expect(tickets[1]).toMatchObject({
      open_at: seconds(-300),
      agent_id: agent.id,
      close_at: null,
      answer_at: null,
      resolved_by: null,
    });
  });
});

describe('the first agent reply answers the open ticket', () => {
  it('sets answerAt once, at the first reply, and takes the replier as the agent', async () => {
    const from = newCustomer();
    const openedAt = seconds(-90);
    await customer.post({ from, atOffset: -90 });
    const chatId = await customer.chatId(from);
    // An automatic line in the conversation (as a greeting or a routing note would be) is not
    // an answer.
    const [chat] = await ctx.deps.db
      .selectFrom('chats')
      .select('channel_id')
      .where('id', '=', chatId)
      .execute();
    await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: accountId,
        chat_id: chatId,
        channel_id: chat!.channel_id,
        msg_type: 'information',
        text: 'Chat routed to Support',
        payload: '{}',
        status: 'sent',
        from_me: true,
        is_system: true,
      })
      .execute();
    expect((await ticketsOf(chatId))[0]!.answer_at).toBeNull();

    const firstReplyAt = ctx.clock.now();
    expect((await send(agent, chatId)).statusCode).toBe(201);
    ctx.clock.advance(60_000);
    expect((await send(admin, chatId, 'Ada lagi?')).statusCode).toBe(201);
    const [ticket] = await ticketsOf(chatId);
    expect(ticket).toMatchObject({ answer_at: firstReplyAt, agent_id: agent.id, close_at: null });

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${ticket!.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: ticket!.id,
      chatId,
      status: 'open',
      agent: { _id: agent.id, name: 'Budi Agent' },
      openAt: openedAt.toISOString(),
      answerAt: firstReplyAt.toISOString(),
      closeAt: null,
      firstResponseSeconds: 90,
    });
  });

  it("keeps the ticket's agent when someone else replies first", async () => {
    const from = newCustomer();
    await customer.post({ from });
    const chatId = await customer.chatId(from);
    // The chat is the agent's, as an assignment leaves it: chat and ticket name the same agent.
    await ctx.deps.db
      .updateTable('chats')
      .set({ agent_id: agent.id })
      .where('id', '=', chatId)
      .execute();
    await ctx.deps.db
      .updateTable('tickets')
      .set({ agent_id: agent.id })
      .where('chat_id', '=', chatId)
      .execute();
    await send(admin, chatId);
    const [ticket] = await ticketsOf(chatId);
    expect(ticket).toMatchObject({ answer_at: ctx.clock.now(), agent_id: agent.id });
  });

  it('a reply after the resolve leaves the closed ticket alone', async () => {
    const from = newCustomer();
    await customer.post({ from });
    const chatId = await customer.chatId(from);
    await resolve(admin, chatId);
    ctx.clock.advance(1_000);
    expect((await send(admin, chatId)).statusCode).toBe(201);
    const tickets = await ticketsOf(chatId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ answer_at: null, resolved_by: admin.id });
  });
});
