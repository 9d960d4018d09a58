import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { customerOf, newCustomer } from '../../test/customer.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { reportsIdle } from './runtime.js';

/**
 * Each definition against a hand-computed story, in Asia/Jakarta (UTC+7) with working hours
 * 08:00–17:00. Durations sit on histogram bucket edges (docs/REPORTS.md) so medians are exact.
 *
 * Chat A (Rina): writes Mon 08:00 local; the welcome goes out at once (automatic: no answer);
 *   Budi answers at +88 s; Rina writes at +300 and +330; Budi answers at +421 (reply 121 s);
 *   Budi resolves at +614. Rina writes again Wed 10:00 (a reopened conversation).
 * Chat B (Sari): writes Mon 23:50 local; Budi answers 00:30:36 Tuesday (2,436 s, none of it in
 *   working hours, counted on Tuesday although UTC still says Monday); resolved Tue 08:51:03.
 * Chat C (Dodi): writes Mon 09:00; Ani resolves 30 s later without a reply (unanswered); writes
 *   again nine days later (a new conversation, not a reopened one).
 */
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let budi: TestUser;
const chats: Record<string, string> = {};

beforeAll(async () => {
  // The story spans ten days of the test clock: tokens must outlive it.
  ctx = await createTestContext({ accessTokenTtlSeconds: 60 * 86_400 });
  ctx.clock.set('2026-03-01T00:00:00Z');
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  await ctx.deps.db
    .insertInto('settings')
    .values([
      { account_id: accountId, key: 'statusAutoResponder', value: 'true' },
      { account_id: accountId, key: 'welcomeMessage', value: 'Halo! Kami segera membalas.' },
    ])
    .execute();
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ani Admin' });
  budi = await createUser(ctx, accountId, { role: 'agent', name: 'Budi' });
  const channel = await createWhatsappChannel(ctx, accountId);
  const customer = customerOf(ctx, channel.phoneNumberId);
  const rina = newCustomer();
  const sari = newCustomer();
  const dodi = newCustomer();

  const at = async (iso: string, step: () => Promise<unknown>) => {
    ctx.clock.set(iso);
    await step();
    await reportsIdle(ctx.deps);
  };
  const reply = (user: TestUser, chatId: string) =>
    ctx.app
      .inject({
        method: 'POST',
        url: '/api/messages',
        headers: user.auth,
        payload: { chatId, text: 'Baik kak' },
      })
      .then((r) => expect(r.statusCode).toBe(201));
  const resolve = (user: TestUser, chatId: string) =>
    ctx.app
      .inject({
        method: 'POST',
        url: '/api/chats/resolve-ticket',
        headers: user.auth,
        payload: { chatId, agentId: user.id },
      })
      .then((r) => expect(r.statusCode).toBe(200));

  await at('2026-03-02T01:00:00Z', () => customer.post({ from: rina }));
  chats.a = await customer.chatId(rina);
  await at('2026-03-02T01:01:28Z', () => reply(budi, chats.a!));
  await at('2026-03-02T01:05:00Z', () => customer.post({ from: rina }));
  await at('2026-03-02T01:05:30Z', () => customer.post({ from: rina }));
  await at('2026-03-02T01:07:01Z', () => reply(budi, chats.a!));
  await at('2026-03-02T01:10:14Z', () => resolve(budi, chats.a!));

  await at('2026-03-02T02:00:00Z', () => customer.post({ from: dodi }));
  chats.c = await customer.chatId(dodi);
  await at('2026-03-02T02:00:30Z', () => resolve(admin, chats.c!));

  await at('2026-03-02T16:50:00Z', () => customer.post({ from: sari }));
  chats.b = await customer.chatId(sari);
  await at('2026-03-02T17:30:36Z', () => reply(budi, chats.b!));
  await at('2026-03-03T01:51:03Z', () => resolve(budi, chats.b!));

  await at('2026-03-04T03:00:00Z', () => customer.post({ from: rina }));
  await at('2026-03-11T02:00:00Z', () => customer.post({ from: dodi }));
});
afterAll(() => ctx.close());

async function daily(metric: string, dim = 'all') {
  const rows = await ctx.deps.db
    .selectFrom('report_daily')
    .select(['count', 'sum_s', 'sum_bh_s', 'hist'])
    .select((eb) => eb.cast<string>('day', 'text').as('day'))
    .where('account_id', '=', accountId)
    .where('metric', '=', metric)
    .where('dim', '=', dim)
    .orderBy('day')
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.day, { n: Number(r.count), s: Number(r.sum_s), bh: Number(r.sum_bh_s) }]),
  );
}

async function events(kind: string) {
  return ctx.deps.db
    .selectFrom('report_events')
    .select(['source_id', 'value_s', 'value_bh_s', 'agent_id', 'ticket_id', 'at'])
    .select((eb) => eb.cast<string>('day', 'text').as('day'))
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .orderBy('at')
    .execute();
}

describe('conversation facts, as the listeners write them', () => {
  it('opens a conversation per ticket, on the local day it opened', async () => {
    expect(await daily('opened')).toEqual({
      '2026-03-02': { n: 3, s: 0, bh: 0 },
      '2026-03-04': { n: 1, s: 0, bh: 0 },
      '2026-03-11': { n: 1, s: 0, bh: 0 },
    });
  });

  it('counts as reopened only a ticket within 7 days of the chat’s previous resolve', async () => {
    const reopened = await events('reopened');
    expect(reopened.map((e) => e.day)).toEqual(['2026-03-04']);
    const tickets = await ctx.deps.db
      .selectFrom('tickets')
      .select('id')
      .where('chat_id', '=', chats.a!)
      .orderBy('open_at', 'desc')
      .execute();
    expect(reopened[0]!.ticket_id).toBe(tickets[0]!.id);
  });

  it('measures the first response from the open to the first human reply, not the welcome', async () => {
    const first = await events('first_response');
    expect(first.map((e) => [e.day, e.value_s, e.value_bh_s, e.agent_id])).toEqual([
      ['2026-03-02', 88, 88, budi.id],
      // 00:30 Tuesday in Jakarta: Tuesday's figure although UTC still says Monday; at night.
      ['2026-03-03', 2436, 0, budi.id],
    ]);
    // Each new conversation's welcome is a message out but nobody's reply: three welcomes and
    // Budi's two replies on Monday.
    expect((await daily('message_out'))['2026-03-02']).toEqual({ n: 5, s: 0, bh: 0 });
    expect((await daily('message_out', `agent:${budi.id}`))['2026-03-02']!.n).toBe(2);
  });

  it('measures each run of customer messages to the next human reply', async () => {
    const replies = await events('reply_time');
    expect(replies.map((e) => [e.day, e.value_s, e.value_bh_s])).toEqual([
      ['2026-03-02', 88, 88],
      ['2026-03-02', 121, 121],
      ['2026-03-03', 2436, 0],
    ]);
  });

  it('measures resolutions open to close, with the part inside working hours', async () => {
    expect(await daily('resolution')).toEqual({
      '2026-03-02': { n: 2, s: 614 + 30, bh: 614 + 30 },
      // 23:50 Monday to 08:51:03 Tuesday: 32,463 s, of which 51 min 3 s in working hours.
      '2026-03-03': { n: 1, s: 32_463, bh: 3_063 },
    });
  });

  it('counts a ticket resolved without a human reply as unanswered, outside the response times', async () => {
    const unanswered = await events('unanswered');
    expect(unanswered).toHaveLength(1);
    expect(unanswered[0]!.agent_id).toBe(admin.id);
    expect((await events('first_response')).map((e) => e.ticket_id)).not.toContain(
      unanswered[0]!.ticket_id,
    );
  });

  it('counts messages in per local day and by channel and type', async () => {
    expect(await daily('message_in')).toEqual({
      '2026-03-02': { n: 5, s: 0, bh: 0 },
      '2026-03-04': { n: 1, s: 0, bh: 0 },
      '2026-03-11': { n: 1, s: 0, bh: 0 },
    });
    expect((await daily('message_in', 'type:whatsapp:text'))['2026-03-02']!.n).toBe(5);
    expect((await daily('message_in', 'channel:whatsapp'))['2026-03-11']!.n).toBe(1);
  });

  it('counts each contact once per calendar month', async () => {
    expect(await daily('contact_active')).toEqual({ '2026-03-02': { n: 3, s: 0, bh: 0 } });
  });
});
