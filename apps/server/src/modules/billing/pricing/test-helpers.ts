import type { StoredMessageStatus } from '../../../db/schema-messaging.js';
import type { TestContext } from '../../../test/harness.js';
import {
  PASSWORD,
  createAccount,
  createUser,
  createWhatsappChannel,
  login,
  type TestUser,
} from '../../../test/fixtures.js';
import { fundAccount } from '../../../test/fixtures-inbox.js';
import { customerOf, newCustomer } from '../../../test/customer.js';
import { insertTestTemplate } from '../../inbox/templates/test-fixtures.js';
import { usageIdle } from './listeners.js';

/** Back-office values as the operator console would store them (tenants cannot write these). */
export async function setPlatform(
  ctx: TestContext,
  accountId: string,
  values: Record<string, string>,
): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: accountId, key, value })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value }))
      .execute();
}

/** A fresh account with a channel, an admin, a balance and a customer who can write to it. */
export async function pricedAccount(
  ctx: TestContext,
  opts: { balance?: number; settings?: Record<string, string> } = {},
) {
  const accountId = await createAccount(ctx);
  const balance = opts.balance ?? 1_000_000;
  if (balance > 0) await fundAccount(ctx, accountId, balance);
  const channel = await createWhatsappChannel(ctx, accountId);
  const admin = await createUser(ctx, accountId, { role: 'admin' });
  await setPlatform(ctx, accountId, opts.settings ?? {});
  const customer = customerOf(ctx, channel.phoneNumberId);
  const templateId = await insertTestTemplate(ctx, { accountId, channelId: channel.id });
  /** A customer writes (a new one unless named); resolves to their chat. */
  const writes = async (from = newCustomer(), atOffset = 0) => {
    await customer.post({ from, atOffset });
    return { from, chatId: await customer.chatId(from) };
  };
  return { accountId, admin, channel, customer, templateId, writes };
}

export type PricedAccount = Awaited<ReturnType<typeof pricedAccount>>;

/**
 * A message stored without its event reaching any listener, as if the process died after
 * commit: what the sweeper and the batch biller must find on their own. A reply is `sent` and
 * a customer's message `received` unless told; the time is the test clock's now unless told.
 */
export async function storedSilently(
  ctx: TestContext,
  accountId: string,
  chatId: string,
  m: { fromMe: boolean; status?: StoredMessageStatus; at?: Date },
): Promise<number> {
  const chat = await ctx.deps.db
    .selectFrom('chats')
    .select('channel_id')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  const row = await ctx.deps.db
    .insertInto('messages')
    .values({
      account_id: accountId,
      chat_id: chatId,
      channel_id: chat.channel_id,
      msg_type: 'text',
      text: m.fromMe ? 'Siap, kami bantu' : 'Halo',
      status: m.status ?? (m.fromMe ? 'sent' : 'received'),
      from_me: m.fromMe,
      sent_at: m.at ?? ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Signs the user in again: tests move the clock past the access token's 15 minutes. */
export async function fresh(ctx: TestContext, user: TestUser): Promise<TestUser> {
  const token = await login(ctx, user.email, PASSWORD);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

export async function replyAs(
  ctx: TestContext,
  user: TestUser,
  chatId: string,
  text = 'Halo, ada yang bisa dibantu?',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: (await fresh(ctx, user)).auth,
    payload: { chatId, text },
  });
}

export async function sendTemplate(ctx: TestContext, a: PricedAccount, chatId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/messages/template',
    headers: (await fresh(ctx, a.admin)).auth,
    payload: { chatId, templateId: a.templateId, params: ['Budi', 'INV-1'] },
  });
}

/** Usage rows of an account, oldest first. */
export function usageOf(ctx: TestContext, accountId: string) {
  return ctx.deps.db
    .selectFrom('usage_charges')
    .select(['kind', 'ref', 'amount', 'status', 'chat_id', 'message_id', 'contact_id'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

/** The account's usage entries in the ledger (charges and refunds), oldest first. */
export async function usageLedger(ctx: TestContext, accountId: string) {
  const rows = await ctx.deps.db
    .selectFrom('balance_ledger')
    .select(['kind', 'amount', 'order_id', 'balance_after'])
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['charge', 'refund'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount), orderId: r.order_id }));
}

export async function balanceOf(ctx: TestContext, accountId: string): Promise<number> {
  const last = await ctx.deps.db
    .selectFrom('balance_ledger')
    .select('balance_after')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last ? Number(last.balance_after) : 0;
}

/** Waits for every listener the events so far started. */
export const settle = (ctx: TestContext) => usageIdle(ctx.deps);
