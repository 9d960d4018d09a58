import type { TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { customerOf, newCustomer } from '../../test/customer.js';

/** Writes settings as the account's admin would, and makes routing read them at once. */
export async function writeSettings(
  ctx: TestContext,
  admin: TestUser,
  settings: Record<string, string | null>,
): Promise<void> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/settings',
    headers: admin.auth,
    payload: { settings: Object.entries(settings).map(([key, value]) => ({ key, value })) },
  });
  if (res.statusCode !== 200) throw new Error(`settings answered ${res.statusCode}: ${res.body}`);
  // No cache reset here: POST /api/settings itself makes routing see the change at once.
}

/** Presence as if the user had `connections` sockets open (sockets themselves are tested apart). */
export async function setPresence(
  ctx: TestContext,
  user: TestUser,
  connections: number,
  status: 'online' | 'away' = 'online',
): Promise<void> {
  await ctx.deps.db
    .insertInto('user_presence')
    .values({ user_id: user.id, account_id: user.accountId, connections, status })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ connections, status }))
    .execute();
}

export const chatOf = (ctx: TestContext, chatId: string) =>
  ctx.deps.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();

/** A fresh account per test: its own agents, channel and settings. */
export async function routingAccount(
  ctx: TestContext,
  agents: { name: string; divisions?: string[] }[] = [],
  divisions = 0,
) {
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  const channel = await createWhatsappChannel(ctx, accountId);
  const admin = await createUser(ctx, accountId, { role: 'admin', name: 'Admin' });
  const divisionIds: string[] = [];
  for (let i = 0; i < divisions; i++) divisionIds.push(await createDivision(ctx, accountId));
  const users: TestUser[] = [];
  for (const a of agents)
    users.push(
      await createUser(ctx, accountId, {
        role: 'agent',
        name: a.name,
        divisionIds: (a.divisions ?? []).map((i) => divisionIds[Number(i)] ?? ''),
        allChat: false,
      }),
    );
  const customer = customerOf(ctx, channel.phoneNumberId);
  const writes = async (from = newCustomer()) => {
    await customer.post({ from });
    return customer.chatId(from);
  };
  return { accountId, admin, users, divisionIds, writes, customer };
}

/** A chat the customer opened, then given to an agent and still open (red). */
export const assignedChat = async (
  ctx: TestContext,
  accountId: string,
  agentId: string,
  channelFrom: () => Promise<string>,
) => {
  const id = await channelFrom();
  await ctx.deps.db
    .updateTable('chats')
    .set({ agent_id: agentId, flag: 'red' })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
  return id;
};
