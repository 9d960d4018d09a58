import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsatReport, OverviewReport, UsageTabReport } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { addDays, today } from '../modules/reports/days.js';
import { seedDemo, DEMO_OPENING_BALANCE, DEMO_USERS } from './demo.js';
import { PAST_CONVERSATIONS } from './demo-history.js';
import { seedDemoMessaging } from './demo-messaging.js';
import { seedDemoPages } from './demo-pages.js';
import { seedDemoReports } from './demo-reports.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ demoPassword: 'DemoPass123' });
  await seedDemo(ctx.deps);
  await seedDemoMessaging(ctx.deps);
  await seedDemoPages(ctx.deps);
  token = await login(ctx, DEMO_USERS[0].email, 'DemoPass123');
});
afterAll(() => ctx.close());

async function report<T>(tab: string): Promise<T> {
  const to = today(ctx.deps.clock.now(), 'Asia/Jakarta');
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports?tab=${tab}&from=${addDays(to, -59)}&to=${to}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}
const overview = () => report<OverviewReport>('overview');

describe("the demo's reports", () => {
  it('count the seeded conversations once, however often the server starts', async () => {
    const before = await overview();
    // Seeded straight into the tables: the listeners never heard of them.
    expect(before.totals.newConversations).toBe(0);

    await seedDemoReports(ctx.deps);
    await seedDemoReports(ctx.deps);
    const { totals } = await overview();
    const tickets = await ctx.deps.db
      .selectFrom('tickets')
      .select(['open_at', 'answer_at', 'close_at'])
      .execute();
    const messages = await ctx.deps.db
      .selectFrom('messages')
      .select(['from_me'])
      .where('is_system', '=', false)
      .execute();
    expect(tickets.length).toBeGreaterThan(0);
    expect(totals.newConversations).toBe(tickets.length);
    expect(totals.resolved).toBe(tickets.filter((t) => t.close_at).length);
    expect(totals.firstResponse.count).toBe(tickets.filter((t) => t.answer_at).length);
    expect(totals.messagesIn).toBe(messages.filter((m) => !m.from_me).length);
  });

  it('charge the seeded conversations in the ledger: Usage, the ledger and the balance agree', async () => {
    const usage = await report<UsageTabReport>('usage');
    const charges = await ctx.deps.db
      .selectFrom('balance_ledger')
      .select(['amount', 'kind', 'created_at'])
      .where('kind', '=', 'charge')
      .execute();
    const charged = charges.reduce((sum, c) => sum - Number(c.amount), 0);
    // Every WhatsApp conversation the business answered costs one customer-initiated conversation.
    const answered = await ctx.deps.db
      .selectFrom('usage_charges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'user_initiated')
      .executeTakeFirstOrThrow();
    expect(Number(answered.n)).toBeGreaterThan(PAST_CONVERSATIONS.length);
    expect(usage.totals.conversations.customer).toBe(Number(answered.n));
    expect(charged).toBeGreaterThan(0);
    expect(usage.totals.cost.total).toBe(charged);
    expect(usage.ledger.net).toBe(charged);
    // Charged on the conversations' own days, not all on the day the server started.
    expect(
      new Set(charges.map((c) => c.created_at.toISOString().slice(0, 10))).size,
    ).toBeGreaterThan(5);
    expect(usage.days.filter((d) => d.cost.total > 0).length).toBeGreaterThan(5);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/topup/last-saldo-history',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json<{ saldo: number }>().saldo).toBe(DEMO_OPENING_BALANCE - charged);
  });

  it('show satisfaction answers from several agents, 1 to 5, with comments', async () => {
    const csat = await report<CsatReport>('csat');
    const answered = PAST_CONVERSATIONS.flatMap((c) =>
      c.survey && 'answer' in c.survey ? [c.survey.answer] : [],
    );
    expect(csat.totals.responses).toBe(answered.length);
    expect(csat.totals.distribution.map((d) => d.count)).toEqual(
      [1, 2, 3, 4, 5].map((r) => answered.filter((a) => a === r).length),
    );
    expect(csat.totals.distribution.every((d) => d.count > 0)).toBe(true);
    expect(csat.rows.map((r) => r.name).sort()).toEqual([
      'Ayu Admin',
      'Budi Agent',
      'Dewi Lestari',
    ]);
    expect(csat.comments.length).toBeGreaterThanOrEqual(5);
    const surveys = await ctx.deps.db.selectFrom('csat_surveys').select('status').execute();
    expect(surveys.map((s) => s.status).sort()).toEqual(
      [...answered.map(() => 'answered'), 'expired', 'sent'].sort(),
    );
  });

  it('show the ticket report on the demo account', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports?tab=tickets&from=2026-01-01&to=2026-01-07`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
