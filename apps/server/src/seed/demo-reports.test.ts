import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewReport } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { addDays, today } from '../modules/reports/days.js';
import { seedDemo, DEMO_USERS } from './demo.js';
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

async function overview(): Promise<OverviewReport> {
  const to = today(ctx.deps.clock.now(), 'Asia/Jakarta');
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports?tab=overview&from=${addDays(to, -59)}&to=${to}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<OverviewReport>();
}

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

  it('show the ticket report on the demo account', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports?tab=tickets&from=2026-01-01&to=2026-01-07`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
