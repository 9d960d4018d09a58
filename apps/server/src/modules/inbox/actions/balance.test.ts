import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  login,
  type TestUser,
} from '../../../test/fixtures.js';
import { createChat, fundAccount } from '../../../test/fixtures-inbox.js';
import { DEMO_USERS, seedDemo } from '../../../seed/demo.js';
import { seedDemoMessaging } from '../../../seed/demo-messaging.js';

/** Spec §8 'Insufficient Balance': the balance must be at least `bo.minimumBalance` to send. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ demoPassword: 'DemoPass123' });
});
afterAll(() => ctx.close());

async function account(balance: number) {
  const accountId = await createAccount(ctx);
  if (balance > 0) await fundAccount(ctx, accountId, balance);
  const user = await createUser(ctx, accountId, { role: 'admin' });
  const channelId = (await createWhatsappChannel(ctx, accountId)).id;
  return { accountId, user, chatId: await createChat(ctx, accountId, { channelId }) };
}
const send = (user: TestUser, chatId: string, text = 'hi') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: user.auth,
    payload: { chatId, text },
  });
const messageCount = async (chatId: string) =>
  Number(
    (
      await ctx.deps.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chat_id', '=', chatId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('balance check on send', () => {
  it('refuses with 402 below the default minimum (50,000) and stores nothing', async () => {
    const { user, chatId } = await account(49_999.5);
    ctx.events.length = 0;
    const res = await send(user, chatId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      message: MESSAGES.insufficientBalance,
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await messageCount(chatId)).toBe(0);
    expect(ctx.events).toEqual([
      {
        type: 'balance.check',
        userId: user.id,
        event: {
          message: MESSAGES.insufficientBalance,
          balance: 49_999.5,
          minimumBalance: 50_000,
        },
      },
    ]);
  });

  it('refuses an account with no ledger at all', async () => {
    const { user, chatId } = await account(0);
    expect((await send(user, chatId)).statusCode).toBe(402);
  });

  it("sends at exactly the minimum, and follows the account's own minimum", async () => {
    const { accountId, user, chatId } = await account(50_000);
    expect((await send(user, chatId)).statusCode).toBe(201);
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: accountId, key: 'bo.minimumBalance', value: '75000' })
      .execute();
    expect((await send(user, chatId)).statusCode).toBe(402);
    await ctx.deps.db
      .updateTable('settings')
      .set({ value: '0' })
      .where('account_id', '=', accountId)
      .where('key', '=', 'bo.minimumBalance')
      .execute();
    expect((await send(user, chatId)).statusCode).toBe(201);
  });

  it('lets the demo account (1,000,000) send', async () => {
    await seedDemo(ctx.deps);
    await seedDemoMessaging(ctx.deps);
    const agent = DEMO_USERS[0];
    const token = await login(ctx, agent.email, 'DemoPass123');
    const demo = await ctx.deps.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', agent.email)
      .executeTakeFirstOrThrow();
    const channel = await ctx.deps.db
      .selectFrom('channels')
      .select('id')
      .where('account_id', '=', demo.account_id)
      .executeTakeFirstOrThrow();
    const chatId = await createChat(ctx, demo.account_id, { channelId: channel.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { authorization: `Bearer ${token}` },
      payload: { chatId, text: 'Halo dari demo' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
