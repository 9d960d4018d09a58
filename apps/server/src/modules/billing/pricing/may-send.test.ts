import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Ack } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { TestUser } from '../../../test/fixtures.js';
import { listenLocally, socketClients } from '../../../test/sockets.js';
import type { Principal } from '../../auth/principal.js';
import { BroadcastsService } from '../../broadcasts/service.js';
import { sendMessage } from '../../inbox/send.service.js';
import { sendTemplate as sendTemplateService } from '../../inbox/templates/service.js';
import { sendAutoMessage } from '../../routing/auto-message.js';
import { loadChatRows } from '../../conversations/index.js';
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
const clients = socketClients();
beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
});
afterAll(async () => {
  clients.closeAll();
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

/** The admin as a request would carry them: a suspended account's tokens are refused before
 * any route (the operator console ends its sessions), so its sends are driven at the service. */
function principalOf(a: PricedAccount): Principal {
  return {
    userId: a.admin.id,
    accountId: a.accountId,
    sessionId: 'direct',
    role: 'admin',
    name: 'Admin',
    email: a.admin.email,
    accountType: 'regular',
    twoFactorEnabled: false,
    twoFactorVerified: false,
    divisionIds: [],
    agentIds: [],
    divisionOnlyView: false,
    allChat: true,
  };
}

const open = (user: TestUser) => clients.open(url, user.token);

/** Lifts a suspension for a moment (a draft made before it); answers how to put it back. */
async function couldSend(a: PricedAccount, state: State): Promise<() => Promise<void>> {
  if (state !== 'suspended') return async () => undefined;
  const set = (at: Date | null) =>
    ctx.deps.db
      .updateTable('accounts')
      .set({ suspended_at: at })
      .where('id', '=', a.accountId)
      .execute();
  await set(null);
  return async () => {
    await set(ctx.clock.now());
  };
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

  it('refuses agent replies and API sends, at the service and through REST, storing nothing', async () => {
    const { a, chatId } = await accountIn(state);
    for (const origin of ['rest', 'socket'] as const)
      await expect(
        sendMessage(ctx.deps, principalOf(a), { chatId, text: 'hi' }, origin),
      ).rejects.toMatchObject({ statusCode: refusal.status, code: refusal.code });
    if (state === 'suspended') {
      // The token it had before the suspension no longer opens any route.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: a.admin.auth,
        payload: { chatId, text: 'hi' },
      });
      expect(res.statusCode).toBe(401);
    } else {
      const res = await replyAs(ctx, a.admin, chatId);
      expect(res.statusCode).toBe(refusal.status);
      expect(res.json()).toMatchObject({ message: refusal.message, code: refusal.code });
    }
    expect(await storedCount(chatId, true)).toBe(0);
  });

  it.skipIf(state === 'suspended')(
    'refuses agent replies over the socket (new.message.out)',
    async () => {
      const { a, chatId } = await accountIn(state);
      const socket = await open(await fresh(ctx, a.admin));
      const ack = (await socket.emitWithAck('new.message.out', { chatId, text: 'hi' })) as Ack;
      expect(ack).toEqual({ ok: false, message: refusal.message, code: refusal.code });
      expect(await storedCount(chatId, true)).toBe(0);
    },
  );

  it('refuses inbox templates', async () => {
    const { a, chatId } = await accountIn(state);
    await expect(
      sendTemplateService(ctx.deps, principalOf(a), {
        chatId,
        templateId: a.templateId,
        params: ['Budi', 'INV-1'],
      }),
    ).rejects.toMatchObject({ code: refusal.code });
    if (state !== 'suspended') {
      const res = await sendTemplate(ctx, a, chatId);
      expect(res.statusCode).toBe(refusal.status);
    }
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
    // The draft is checked while the account could still send.
    const restore = await couldSend(a, state);
    const { admin, check } = await createBroadcast(a, from);
    expect(check.statusCode, check.body).toBe(200);
    const draftId = check.json<{ draftId: string }>().draftId;
    await restore();
    await expect(
      new BroadcastsService(ctx.deps).create(principalOf(a), {
        draftId,
        templateId: a.templateId,
        channelId: a.channel.id,
        title: 'Promo',
        selfAssign: false,
        headerMedia: null,
        scheduledAt: null,
      }),
    ).rejects.toMatchObject({ statusCode: refusal.status, message: refusal.message });
    if (state !== 'suspended') {
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
    }
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
