import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, onboardingSchema, type OnboardingStep } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';
import { LedgerService } from '../billing/ledger.js';
import { createBroadcast } from '../broadcasts/engine/test-helpers.js';
import { newTemplate } from '../templates/test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function done(user: TestUser): Promise<OnboardingStep[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/onboarding', headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  const body = onboardingSchema.parse(res.json());
  expect(body.steps.map((s) => s.key)).toEqual([...ONBOARDING_STEPS]);
  return body.steps.filter((s) => s.done).map((s) => s.key);
}

async function newOwner(): Promise<TestUser> {
  return createUser(ctx, await createAccount(ctx), { role: 'admin' });
}

/** A message in the chat as the inbox stores it; `sender` null is an automatic message. */
async function storeMessage(
  owner: TestUser,
  where: { chatId: string; channelId: string },
  m: { fromMe: boolean; sender: string | null; status: 'queue' | 'failed' | 'received' | 'sent' },
): Promise<number> {
  const row = await ctx.deps.db
    .insertInto('messages')
    .values({
      account_id: owner.accountId,
      chat_id: where.chatId,
      channel_id: where.channelId,
      msg_type: 'text',
      text: 'Halo',
      status: m.status,
      from_me: m.fromMe,
      sender_id: m.sender,
      is_system: m.sender === null && m.fromMe,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/onboarding', () => {
  it('lists every step undone for a business that just registered', async () => {
    expect(await done(await newOwner())).toEqual([]);
  });

  it('ticks each step from the real rows, as it happens', async () => {
    const owner = await newOwner();
    const channel = await createWhatsappChannel(ctx, owner.accountId);
    expect(await done(owner)).toEqual(['channel']);

    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: owner.auth,
      payload: { name: 'Agus Agent', email: `agus-${Date.now()}@example.com`, role: 'agent' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(await done(owner)).toEqual(['channel', 'team']);

    await newTemplate(ctx, owner, channel.id);
    expect(await done(owner)).toEqual(['channel', 'team', 'template']);

    const ledger = new LedgerService(ctx.deps);
    // An opening credit is money, but nobody topped up.
    await ledger.credit(owner.accountId, { amount: 10_000, orderId: 'OPENING' });
    expect(await done(owner)).not.toContain('topUp');
    await ledger.credit(owner.accountId, { amount: 50_000, kind: 'topup', orderId: 'ORD-1' });
    expect(await done(owner)).toEqual(['channel', 'team', 'template', 'topUp']);

    const where = {
      chatId: await createChat(ctx, owner.accountId, { channelId: channel.id }),
      channelId: channel.id,
    };
    // The customer's message, an automatic greeting, a reply still queued and one that failed
    // are not a first message sent.
    await storeMessage(owner, where, { fromMe: false, sender: null, status: 'received' });
    await storeMessage(owner, where, { fromMe: true, sender: null, status: 'sent' });
    const reply = await storeMessage(owner, where, {
      fromMe: true,
      sender: owner.id,
      status: 'queue',
    });
    await storeMessage(owner, where, { fromMe: true, sender: owner.id, status: 'failed' });
    expect(await done(owner)).not.toContain('message');
    await ctx.deps.db
      .updateTable('messages')
      .set({ status: 'sent' })
      .where('id', '=', reply)
      .execute();
    expect(await done(owner)).toEqual([...ONBOARDING_STEPS]);
  });

  it('counts a broadcast message that reached the customer as a first message', async () => {
    const owner = await newOwner();
    const channel = await createWhatsappChannel(ctx, owner.accountId);
    const template = await newTemplate(ctx, owner, channel.id);
    const world = {
      ctx,
      accountId: owner.accountId,
      channelId: channel.id,
      templateId: template._id,
      userId: owner.id,
    };
    const broadcastId = await createBroadcast(world, 2);
    expect(await done(owner)).not.toContain('message');
    await ctx.deps.db
      .updateTable('broadcast_recipients')
      .set({ status: 'failed' })
      .where('broadcast_id', '=', broadcastId)
      .execute();
    expect(await done(owner)).not.toContain('message');
    await ctx.deps.db
      .updateTable('broadcast_recipients')
      .set({ status: 'delivered' })
      .where('broadcast_id', '=', broadcastId)
      .where('row_number', '=', 1)
      .execute();
    expect(await done(owner)).toContain('message');
  });

  it("never counts another account's rows", async () => {
    const busy = await newOwner();
    const channel = await createWhatsappChannel(ctx, busy.accountId);
    await createUser(ctx, busy.accountId, { role: 'agent' });
    await newTemplate(ctx, busy, channel.id);
    await new LedgerService(ctx.deps).credit(busy.accountId, {
      amount: 50_000,
      kind: 'topup',
      orderId: 'ORD-BUSY',
    });
    const chatId = await createChat(ctx, busy.accountId, { channelId: channel.id });
    await storeMessage(
      busy,
      { chatId, channelId: channel.id },
      { fromMe: true, sender: busy.id, status: 'sent' },
    );
    expect(await done(busy)).toEqual([...ONBOARDING_STEPS]);
    expect(await done(await newOwner())).toEqual([]);
  });

  it("is the admin's checklist: supervisors and agents are refused, strangers asked to sign in", async () => {
    const accountId = await createAccount(ctx);
    for (const role of ['supervisor', 'agent'] as const) {
      const user = await createUser(ctx, accountId, { role });
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/onboarding',
        headers: user.auth,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
  });
});
