import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { TestUser } from '../../test/fixtures.js';
import { newCustomer } from '../../test/customer.js';
import { routingAccount, setPresence, writeSettings } from './test-helpers.js';
import { withinWorkingHours } from './working-hours.js';
import { LedgerService } from '../billing/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const WELCOME = 'Halo! Terima kasih sudah menghubungi kami.';
const NO_AGENT = 'Agen kami sedang tidak tersedia. Kami akan membalas secepatnya.';

const systemMessages = (chatId: string) =>
  ctx.deps.db
    .selectFrom('messages')
    .select(['text', 'is_system', 'from_me', 'sender_id', 'status', 'id'])
    .where('chat_id', '=', chatId)
    .where('is_system', '=', true)
    .orderBy('id')
    .execute();

/** An account whose agent is online, with both auto-responses set up. */
async function responding(extra: Record<string, string> = {}) {
  const a = await routingAccount(ctx, [{ name: 'Budi' }]);
  await setPresence(ctx, a.users[0] as TestUser, 1);
  await writeSettings(ctx, a.admin, {
    statusAutoResponder: 'true',
    welcomeMessage: WELCOME,
    noOnlineAgentResMsg: NO_AGENT,
    agentWorkingHourStart: '08:00',
    agentWorkingHourEnd: '17:00',
    ...extra,
  });
  return a;
}

describe('working hours', () => {
  it('reads HH:mm in the account time zone; the end is exclusive; spans midnight', () => {
    // 01:00 UTC is 08:00 in Jakarta (UTC+7).
    const at = (iso: string) => new Date(iso);
    expect(withinWorkingHours(at('2026-01-15T01:00:00Z'), '08:00', '17:00', 'Asia/Jakarta')).toBe(
      true,
    );
    expect(withinWorkingHours(at('2026-01-15T00:59:00Z'), '08:00', '17:00', 'Asia/Jakarta')).toBe(
      false,
    );
    expect(withinWorkingHours(at('2026-01-15T10:00:00Z'), '08:00', '17:00', 'Asia/Jakarta')).toBe(
      false,
    );
    expect(withinWorkingHours(at('2026-01-15T09:59:00Z'), '08:00', '17:00', 'Asia/Jakarta')).toBe(
      true,
    );
    expect(withinWorkingHours(at('2026-01-15T01:00:00Z'), '08:00', '17:00', 'UTC')).toBe(false);
    expect(withinWorkingHours(at('2026-01-15T16:00:00Z'), '22:00', '06:00', 'Asia/Jakarta')).toBe(
      true,
    );
    expect(withinWorkingHours(at('2026-01-15T06:00:00Z'), '22:00', '06:00', 'Asia/Jakarta')).toBe(
      false,
    );
  });
});

describe('auto-responses (statusAutoResponder)', () => {
  it('sends the welcome message once on a conversation’s first message, as the system', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z'); // 10:00 in Jakarta: inside hours
    const a = await responding();
    ctx.events.length = 0;
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    await a.customer.post({ from });
    const sent = await systemMessages(chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      text: WELCOME,
      is_system: true,
      from_me: true,
      sender_id: null,
      status: 'queue',
    });
    // Out through the normal send job, and announced as welcome.message.out.
    const sends = ctx.jobs.history.filter((j) => j.name === 'message.send');
    expect(sends.map((j) => j.data)).toContainEqual({
      messageId: String(sent[0]?.id),
      attempt: 0,
    });
    expect(ctx.events.filter((e) => e.type === 'welcome.message.out')).toHaveLength(1);

    // A new conversation (24 h after the window opened) is welcomed again.
    ctx.clock.advance(24 * HOUR);
    await a.customer.post({ from });
    expect(await systemMessages(chatId)).toHaveLength(2);
  });

  it('sends noOnlineAgentResMsg outside working hours once per window', async () => {
    ctx.clock.set('2026-01-15T12:00:00Z'); // 19:00 in Jakarta
    const a = await responding({ welcomeMessage: '' });
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    ctx.clock.advance(HOUR);
    await a.customer.post({ from });
    expect((await systemMessages(chatId)).map((m) => m.text)).toEqual([NO_AGENT]);
    // The next day's window: sent again.
    ctx.clock.advance(23 * HOUR);
    await a.customer.post({ from });
    expect((await systemMessages(chatId)).map((m) => m.text)).toEqual([NO_AGENT, NO_AGENT]);
  });

  it('sends it inside hours when no agent is online, and not when one is', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await responding({ welcomeMessage: '' });
    const chatOnline = await a.writes();
    expect(await systemMessages(chatOnline)).toHaveLength(0);
    await setPresence(ctx, a.users[0] as TestUser, 1, 'away');
    const chatAway = await a.writes();
    expect((await systemMessages(chatAway)).map((m) => m.text)).toEqual([NO_AGENT]);
  });

  it('uses the account time zone', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z'); // 10:00 in Jakarta, 03:00 in UTC
    const a = await responding({ welcomeMessage: '' });
    await writeSettings(ctx, a.admin, { timezone: 'UTC' });
    expect((await systemMessages(await a.writes())).map((m) => m.text)).toEqual([NO_AGENT]);
  });

  it('holds automatic messages while the balance is below the minimum, like an agent send', async () => {
    ctx.clock.set('2026-01-15T12:00:00Z'); // 19:00 in Jakarta: outside hours
    const a = await responding();
    const ledger = new LedgerService(ctx.deps);
    await ledger.charge(a.admin.accountId, { amount: 990_000, description: 'spent' });
    const from = newCustomer();
    await a.customer.post({ from });
    const chatId = await a.customer.chatId(from);
    expect(await systemMessages(chatId)).toHaveLength(0);
    // Topped up within the same window: the next message gets the no-agent answer; the welcome
    // belongs to the conversation's first message and is not sent late.
    await ledger.credit(a.admin.accountId, { amount: 100_000, description: 'top-up' });
    await a.customer.post({ from });
    expect((await systemMessages(chatId)).map((m) => m.text)).toEqual([NO_AGENT]);
  });

  it('sends nothing while statusAutoResponder is off', async () => {
    ctx.clock.set('2026-01-15T12:00:00Z');
    const a = await responding({ statusAutoResponder: 'false' });
    expect(await systemMessages(await a.writes())).toHaveLength(0);
  });

  it('welcomes and assigns together: the welcome goes out and the chat reaches the agent', async () => {
    ctx.clock.set('2026-01-15T03:00:00Z');
    const a = await responding({ currentAutoAssign: 'true' });
    const chatId = await a.writes();
    expect((await systemMessages(chatId)).map((m) => m.text)).toEqual([WELCOME]);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['agent_id', 'flag'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    // Still red: an automatic reply is not an agent's answer.
    expect(chat).toEqual({ agent_id: a.users[0]?.id, flag: 'red' });
  });
});
