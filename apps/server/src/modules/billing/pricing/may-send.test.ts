import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Ack } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { TestUser } from '../../../test/fixtures.js';
import { sendAutoMessage } from '../../routing/auto-message.js';
import { loadChatRows } from '../../inbox/queries.js';
import { startBroadcast } from '../../broadcasts/engine/start.js';
import { maySend } from './may-send.js';
import {
  fresh,
  pricedAccount,
  replyAs,
  sendTemplate,
  setPlatform,
  type PricedAccount,
} from './test-helpers.js';

/**
 * One rule for every way a message leaves: agent replies (REST and socket), inbox templates,
 * automatic messages, broadcasts and API sends are refused alike for an insufficient balance, an
 * expired plan or a suspended account; customers' messages are stored all the same.
 */
let ctx: TestContext;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

type State = 'insufficient' | 'expired' | 'suspended';
const REFUSAL: Record<State, { status: number; message: string; code: string }> = {
  insufficient: {
    status: 402,
    message: MESSAGES.insufficientBalance,
    code: 'INSUFFICIENT_BALANCE',
  },
  expired: { status: 402, message: MESSAGES.subscriptionExpiredSend, code: 'SUBSCRIPTION_EXPIRED' },
  suspended: { status: 403, message: MESSAGES.accountSuspendedSend, code: 'ACCOUNT_SUSPENDED' },
};

/** An account in the given state, with a customer chat whose window is open. */
async function accountIn(state: State) {
  const a = await pricedAccount(ctx, { balance: state === 'insufficient' ? 49_999 : 1_000_000 });
  const chat = await a.writes();
  if (state === 'expired')
    await ctx.deps.db
      .updateTable('subscriptions')
      .set({ due_date: new Date(ctx.clock.now().getTime() - 60_000) })
      .where('account_id', '=', a.accountId)
      .execute();
  if (state === 'suspended')
    await ctx.deps.db
      .updateTable('accounts')
      .set({ suspended_at: ctx.clock.now(), suspended_reason: 'unpaid invoices' })
      .where('id', '=', a.accountId)
      .execute();
  return { a, ...chat };
}

const storedCount = async (chatId: string, fromMe: boolean) =>
  Number(
    (
      await ctx.deps.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chat_id', '=', chatId)
        .where('from_me', '=', fromMe)
        .executeTakeFirstOrThrow()
    ).n,
  );

function open(user: TestUser): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { token: user.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

async function createBroadcast(a: PricedAccount, from: string) {
  const admin = await fresh(ctx, a.admin);
  const check = await ctx.app.inject({
    method: 'POST',
    url: '/api/broadcasts/recipients/check',
    headers: admin.auth,
    payload: {
      templateId: a.templateId,
      source: { type: 'text', text: `phone,param1,param2\n${from},Budi,INV-1` },
    },
  });
  return { admin, check };
}

describe.each(['insufficient', 'expired', 'suspended'] as const)('an account %s', (state) => {
  const refusal = REFUSAL[state];

  it('maySend says why', async () => {
    const { a } = await accountIn(state);
    const answer = await maySend(ctx.deps, a.accountId, 'agent_reply');
    expect(answer).toMatchObject({
      ok: false,
      reason: state === 'insufficient' ? 'insufficient_balance' : state,
    });
  });

  it('refuses agent replies and API sends (POST /api/messages), storing nothing', async () => {
    const { a, chatId } = await accountIn(state);
    const res = await replyAs(ctx, a.admin, chatId);
    expect(res.statusCode).toBe(refusal.status);
    expect(res.json()).toMatchObject({ message: refusal.message, code: refusal.code });
    expect(await storedCount(chatId, true)).toBe(0);
  });

  it('refuses agent replies over the socket (new.message.out)', async () => {
    const { a, chatId } = await accountIn(state);
    const socket = await open(await fresh(ctx, a.admin));
    const ack = (await socket.emitWithAck('new.message.out', { chatId, text: 'hi' })) as Ack;
    expect(ack).toEqual({ ok: false, message: refusal.message, code: refusal.code });
    expect(await storedCount(chatId, true)).toBe(0);
  });

  it('refuses inbox templates', async () => {
    const { a, chatId } = await accountIn(state);
    const res = await sendTemplate(ctx, a, chatId);
    expect(res.statusCode).toBe(refusal.status);
    expect(res.json()).toMatchObject({ code: refusal.code });
    expect(await storedCount(chatId, true)).toBe(0);
  });

  it('holds automatic messages', async () => {
    const { a, chatId } = await accountIn(state);
    const [row] = await loadChatRows(ctx.deps.db, a.accountId, [chatId]);
    expect(await sendAutoMessage(ctx.deps, row!, 'welcome', ctx.clock.now(), 'Halo!')).toBeNull();
    expect(await storedCount(chatId, true)).toBe(0);
  });

  it('refuses to start a broadcast, and pauses a scheduled one with the reason', async () => {
    const { a, from } = await accountIn(state);
    const { admin, check } = await createBroadcast(a, from);
    expect(check.statusCode, check.body).toBe(200);
    const draftId = check.json<{ draftId: string }>().draftId;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/broadcasts',
      headers: admin.auth,
      payload: {
        draftId,
        templateId: a.templateId,
        channelId: a.channel.id,
        title: 'Promo',
        selfAssign: false,
      },
    });
    expect(res.statusCode).toBe(refusal.status);
    expect(res.json()).toMatchObject({ message: refusal.message });
    // A broadcast scheduled while the account could send reaches its start time afterwards.
    await ctx.deps.db
      .updateTable('broadcasts')
      .set({ status: 'scheduled', scheduled_at: ctx.clock.now() })
      .where('id', '=', draftId)
      .execute();
    expect(await startBroadcast(ctx.deps, draftId, { lanes: 1 })).toBe('paused');
    const b = await ctx.deps.db
      .selectFrom('broadcasts')
      .select(['status', 'pause_reason'])
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(b).toEqual({ status: 'paused', pause_reason: refusal.message });
  });

  it('still stores what customers write', async () => {
    const { a, chatId, from } = await accountIn(state);
    await a.customer.post({ from, body: 'Masih buka?' });
    expect(await storedCount(chatId, false)).toBe(2);
  });
});

describe('the minimum balance', () => {
  it('follows the account’s own bo.minimumBalance, and lets a renewed account send again', async () => {
    const { a, chatId } = await accountIn('expired');
    expect((await replyAs(ctx, a.admin, chatId)).statusCode).toBe(402);
    await ctx.deps.db
      .updateTable('subscriptions')
      .set({ due_date: new Date(ctx.clock.now().getTime() + 30 * 86_400_000) })
      .where('account_id', '=', a.accountId)
      .execute();
    expect((await replyAs(ctx, a.admin, chatId)).statusCode).toBe(201);
    await setPlatform(ctx, a.accountId, { 'bo.minimumBalance': '2000000' });
    expect((await replyAs(ctx, a.admin, chatId)).json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });
});
