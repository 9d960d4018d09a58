import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS, type Ack, type Message } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../test/fixtures.js';
import { fundAccount } from '../test/fixtures-inbox.js';
import { customerOf } from '../test/customer.js';
import { collect, listenLocally, quietPeriod, socketClients } from '../test/sockets.js';
import { generatePin } from '../modules/auth/two-factor.js';

let ctx: TestContext;
let url: string;
let accountId: string;
let customer: ReturnType<typeof customerOf>;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  customer = customerOf(ctx, (await createWhatsappChannel(ctx, accountId)).phoneNumberId);
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const open = (token: string) => clients.open(url, token);
const customerWrites = async (from: string, body: string) => ({
  id: await customer.writes(from, body),
});

describe('socket handshake', () => {
  it('refuses a missing, forged or revoked token', async () => {
    await expect(open('')).rejects.toThrow();
    await expect(open('not.a.jwt')).rejects.toThrow();
    const user = await createUser(ctx, accountId);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    await expect(open(user.token)).rejects.toThrow(/session has expired/);
  });

  it('refuses a token still waiting for its 2FA pin', async () => {
    const user = await createUser(ctx, accountId);
    const gen = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/2fa/generate',
      headers: user.auth,
    });
    const secret = gen.json().secret as string;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/turn-on',
      headers: user.auth,
      payload: { pin: generatePin(secret, ctx.clock.now()) },
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Secret123' },
      remoteAddress: '127.9.9.9',
    });
    await expect(open(login.json().accessToken)).rejects.toThrow(/Two-factor/);
  });
});

describe('events follow visibility', () => {
  let admin: TestUser;
  let salesAgent: TestUser;
  let supportAgent: TestUser;
  let otherAccountAdmin: TestUser;
  let sales: string;

  beforeAll(async () => {
    sales = await createDivision(ctx, accountId, 'Sales');
    const support = await createDivision(ctx, accountId, 'Support');
    admin = await createUser(ctx, accountId, { role: 'admin' });
    salesAgent = await createUser(ctx, accountId, {
      role: 'agent',
      divisionIds: [sales],
      allChat: false,
    });
    supportAgent = await createUser(ctx, accountId, {
      role: 'agent',
      divisionIds: [support],
      allChat: false,
    });
    otherAccountAdmin = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
  });

  it('new.message.in reaches exactly who may see the chat, once', async () => {
    const [a, s1, s2, other] = await Promise.all([
      open(admin.token),
      open(salesAgent.token),
      open(supportAgent.token),
      open(otherAccountAdmin.token),
    ]);
    const got = [a, s1, s2, other].map((s) =>
      collect<{ chat: { _id: string; divisionId: string[] } }>(s, SERVER_EVENTS.newMessageIn),
    );

    // A new chat with no division: every agent may pick it up.
    const chat = await customerWrites('6281500000001', 'first');
    await quietPeriod();
    expect(got.map((g) => g.length)).toEqual([1, 1, 1, 0]);

    // Put it in Sales: the Support agent stops seeing it.
    await ctx.deps.db
      .updateTable('chats')
      .set({ division_ids: [sales] })
      .where('id', '=', chat.id)
      .execute();
    await customerWrites('6281500000001', 'second');
    await quietPeriod();
    expect(got.map((g) => g.length)).toEqual([2, 2, 1, 0]);

    // Assigned to the Sales agent: still the admin and that agent only.
    await ctx.deps.db
      .updateTable('chats')
      .set({ agent_id: salesAgent.id })
      .where('id', '=', chat.id)
      .execute();
    await customerWrites('6281500000001', 'third');
    await quietPeriod();
    expect(got.map((g) => g.length)).toEqual([3, 3, 1, 0]);
    expect(got[0]?.[0]?.chat._id).toBe(chat.id);
  });

  it('new.message.out acks the stored message and reaches the other screens as message.out', async () => {
    const chat = await customerWrites('6281500000002', 'hi');
    const [agentSocket, adminSocket] = await Promise.all([
      open(salesAgent.token),
      open(admin.token),
    ]);
    const outs = collect<{ message: Message }>(adminSocket, SERVER_EVENTS.messageOut);
    const ack = (await agentSocket.emitWithAck('new.message.out', {
      chatId: chat.id,
      text: 'Halo!',
      generatedId: 'gen-1',
    })) as Ack<Message>;
    expect(ack.ok).toBe(true);
    if (ack.ok)
      expect(ack.data).toMatchObject({
        text: 'Halo!',
        status: 'queue',
        generatedId: 'gen-1',
        fromMe: true,
      });
    await quietPeriod();
    expect(outs.map((o) => o.message.generatedId)).toEqual(['gen-1']);
  });

  it('acks errors with a clear message (validation, window closed)', async () => {
    const socket = await open(admin.token);
    const bad = (await socket.emitWithAck('new.message.out', { chatId: 'nope', text: 'x' })) as Ack;
    expect(bad).toMatchObject({ ok: false, message: 'The chat id is not valid' });
    const chat = await customerWrites('6281500000003', 'hi');
    await ctx.deps.db
      .updateTable('chats')
      .set({ initiate_at: new Date(ctx.clock.now().getTime() - 25 * 3600_000) })
      .where('id', '=', chat.id)
      .execute();
    const late = (await socket.emitWithAck('new.message.out', {
      chatId: chat.id,
      text: 'x',
    })) as Ack;
    expect(late).toMatchObject({
      ok: false,
      message: "can't send message out, use template instead",
      code: 'WINDOW_CLOSED',
    });
    const window = (await socket.emitWithAck('getIsUserInitiate', { chatId: chat.id })) as Ack<{
      value: boolean;
    }>;
    expect(window.ok && window.data.value).toBe(false);
  });

  it('openChat clears unread, tells others with read.chat, and queues mark-as-read', async () => {
    const chat = await customerWrites('6281500000004', 'unread');
    const [mine, theirs] = await Promise.all([open(admin.token), open(salesAgent.token)]);
    const reads = collect<{ chatId: string }>(theirs, SERVER_EVENTS.readChat);
    ctx.jobs.queued.length = 0;
    const ack = (await mine.emitWithAck('openChat', { chatId: chat.id })) as Ack<{
      unreadCount: number;
    }>;
    expect(ack.ok && ack.data.unreadCount).toBe(0);
    await quietPeriod();
    expect(reads.map((r) => r.chatId)).toEqual([chat.id]);
    expect(ctx.jobs.queued.map((j) => j.name)).toEqual(['message.mark-read']);
  });

  it('a deactivated user is cut off at once, without waiting for their next event', async () => {
    const user = await createUser(ctx, accountId, { role: 'agent' });
    const socket = await open(user.token);
    const gone = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/deactivate`,
      headers: admin.auth,
    });
    expect(await gone).toBe('io server disconnect');
  });
});
