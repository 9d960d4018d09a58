import type { AwaitedEventMap } from '../../events/bus.js';
import { customerOf } from '../../test/customer.js';
import {
  PASSWORD,
  createAccount,
  createUser,
  createWhatsappChannel,
  login,
  type TestUser,
} from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { GraphStub } from '../../test/graph-stub.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { inbound, signed, wamid } from '../../test/whatsapp-fixtures.js';
import { csatIdle } from './runtime.js';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/**
 * An account with CSAT on, a WhatsApp number whose Graph API is a stub, an admin and an agent,
 * and the `csat.*` events seen (a stand-in for the reports' listeners).
 */
export async function csatWorld() {
  const stub = await new GraphStub().start();
  const ctx: TestContext = await createTestContext({ graphApiUrl: stub.url });
  const accountId = await createAccount(ctx, { name: 'Toko Sapa' });
  await fundAccount(ctx, accountId);
  await setCsat(ctx, accountId, true);
  const admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ani Admin' });
  const agent = await createUser(ctx, accountId, { role: 'agent', name: 'Budi Agent' });
  const channel = await createWhatsappChannel(ctx, accountId);
  const customer = customerOf(ctx, channel.phoneNumberId);
  const received: AwaitedEventMap['csat.received'][] = [];
  ctx.deps.events.on('csat.received', async (e) => {
    received.push(e);
  });
  const sent: AwaitedEventMap['csat.sent'][] = [];
  ctx.deps.events.on('csat.sent', async (e) => {
    sent.push(e);
  });
  const commented: AwaitedEventMap['csat.commented'][] = [];
  ctx.deps.events.on('csat.commented', async (e) => {
    commented.push(e);
  });
  return {
    ctx,
    stub,
    accountId,
    admin,
    agent,
    channel,
    customer,
    received,
    sent,
    commented,
    async close() {
      await ctx.close();
      await stub.stop();
    },
  };
}

export type CsatWorld = Awaited<ReturnType<typeof csatWorld>>;

/** Switches CSAT on or off, as of a day ago unless told (the sweep looks no further back). */
export async function setCsat(
  ctx: TestContext,
  accountId: string,
  on: boolean,
  since = new Date(ctx.clock.now().getTime() - DAY),
) {
  const value = on ? 'true' : 'false';
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.isCsat', value, updated_at: since })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value, updated_at: since }))
    .execute();
}

/** Signs the world's people in again: a test that moved the clock on outlived their tokens. */
export async function signInAgain(w: CsatWorld, ...users: TestUser[]) {
  for (const user of [w.admin, w.agent, ...users]) {
    const token = await login(w.ctx, user.email, PASSWORD);
    Object.assign(user, { token, auth: { authorization: `Bearer ${token}` } });
  }
}

/** Resolves the chat through the API and waits for its survey to be written. */
export async function resolve(w: CsatWorld, user: TestUser, chatId: string) {
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: '/api/chats/resolve-ticket',
    headers: user.auth,
    payload: { chatId, agentId: user.id },
  });
  if (res.statusCode !== 200) throw new Error(`resolve answered ${res.statusCode}: ${res.body}`);
  await csatIdle(w.ctx.deps);
}

export const surveysOf = (w: CsatWorld, chatId: string) =>
  w.ctx.deps.db
    .selectFrom('csat_surveys')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('sent_at')
    .execute();

export const responseOf = (w: CsatWorld, surveyId: string) =>
  w.ctx.deps.db
    .selectFrom('csat_responses')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .execute();

export const messagesOf = (w: CsatWorld, chatId: string) =>
  w.ctx.deps.db
    .selectFrom('messages')
    .select(['id', 'msg_type', 'text', 'payload', 'from_me', 'is_system', 'status'])
    .where('chat_id', '=', chatId)
    .orderBy('id')
    .execute();

export const ticketsOf = (w: CsatWorld, chatId: string) =>
  w.ctx.deps.db
    .selectFrom('tickets')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('open_at')
    .execute();

/** The customer taps a row of the survey's list (WhatsApp `list_reply`), as Meta posts it. */
export async function tapRow(
  w: CsatWorld,
  from: string,
  row: { id: string; title: string },
  opts: { id?: string; atOffset?: number } = {},
) {
  const id = opts.id ?? wamid();
  const { body, headers } = signed(
    inbound(
      { type: 'interactive', interactive: { type: 'list_reply', list_reply: row } },
      {
        from,
        id,
        phoneNumberId: w.channel.phoneNumberId,
        timestamp: Math.floor(w.ctx.clock.now().getTime() / 1000) + (opts.atOffset ?? 0),
      },
    ),
  );
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    payload: body,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  return id;
}

/** A customer who wrote `agoMs` ago (their chat, and its open ticket). */
export async function customerWhoWrote(w: CsatWorld, from: string, agoMs: number) {
  await w.customer.post({ from, atOffset: -Math.round(agoMs / 1000) });
  return w.customer.chatId(from);
}
