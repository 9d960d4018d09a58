import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsatReport } from '@sapa/contracts';
import type { DomainEvent } from '../../events/bus.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { emitProgress } from '../broadcasts/engine/progress.js';
import { createTemplate } from '../broadcasts/test-helpers.js';
import { forgetReportAccount } from './account-context.js';
import { reconcileAccount } from './reconcile.js';
import { reportsIdle } from './runtime.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let channelId: string;

beforeAll(async () => {
  ctx = await createTestContext({ accessTokenTtlSeconds: 30 * 86_400 });
  ctx.clock.set('2026-07-01T03:00:00Z');
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent', name: 'Budi' });
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.isCsat', value: 'true' })
    .execute();
  forgetReportAccount(ctx.deps.db, accountId);
});
afterAll(() => ctx.close());

const count = async (metric: string, dim = 'all') => {
  const row = await ctx.deps.db
    .selectFrom('report_daily')
    .select((eb) => [eb.fn.sum<string>('count').as('n'), eb.fn.sum<string>('sum_s').as('s')])
    .where('account_id', '=', accountId)
    .where('metric', '=', metric)
    .where('dim', '=', dim)
    .executeTakeFirstOrThrow();
  return { n: Number(row.n ?? 0), s: Number(row.s ?? 0) };
};

describe('csat.received', () => {
  it('rolls up an answer once, however often it is announced', async () => {
    const answer = {
      accountId,
      surveyId: crypto.randomUUID(),
      ticketId: crypto.randomUUID(),
      chatId: crypto.randomUUID(),
      agentId: agent.id,
      channel: 'whatsapp' as const,
      divisionId: null,
      rating: 4,
      comment: 'Cepat dan ramah',
      answeredAt: new Date('2026-07-01T04:00:00Z'),
      sentAt: new Date('2026-07-01T03:30:00Z'),
    };
    await ctx.deps.events.emit('csat.received', answer);
    await ctx.deps.events.emit('csat.received', answer);
    await ctx.deps.events.emit('csat.received', {
      ...answer,
      surveyId: crypto.randomUUID(),
      rating: 2,
      comment: null,
    });
    // A survey sent twice over (the sweep's retry), and one nobody answered.
    const sent = { ...answer, sentAt: answer.sentAt };
    await ctx.deps.events.emit('csat.sent', sent);
    await ctx.deps.events.emit('csat.sent', sent);
    await ctx.deps.events.emit('csat.sent', { ...sent, surveyId: crypto.randomUUID() });
    expect(await count('csat')).toEqual({ n: 2, s: 6 });
    expect(await count('csat', `agent:${agent.id}`)).toEqual({ n: 2, s: 6 });
    expect(await count('csat_sent')).toEqual({ n: 3, s: 0 });
    expect(await count('csat_answered', `agent:${agent.id}`)).toEqual({ n: 2, s: 0 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports?tab=csat&from=2026-07-01&to=2026-07-01',
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as CsatReport;
    expect(r.totals).toMatchObject({
      responses: 2,
      average: 3,
      surveysSent: 3,
      responseRate: 0.6667,
    });
    expect(r.totals.distribution.map((d) => d.count)).toEqual([0, 1, 0, 1, 0]);
    expect(r.rows).toEqual([
      {
        agentId: agent.id,
        name: 'Budi',
        responses: 2,
        average: 3,
        surveysSent: 3,
        responseRate: 0.6667,
      },
    ]);
    expect(r.comments.map((c) => [c.rating, c.comment])).toEqual([[4, 'Cepat dan ramah']]);
  });
});

describe('broadcast.progress', () => {
  let broadcastId: string;

  beforeAll(async () => {
    const templateId = await createTemplate(ctx, accountId, channelId);
    broadcastId = (
      await ctx.deps.db
        .insertInto('broadcasts')
        .values({
          account_id: accountId,
          channel_id: channelId,
          template_id: templateId,
          created_by: agent.id,
          title: 'Promo Juli',
          status: 'running',
          started_at: new Date('2026-07-01T02:00:00Z'),
          estimated_cost: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.deps.db
      .insertInto('broadcast_recipients')
      .values(
        ['sent', 'delivered', 'read', 'failed', 'queue'].map((status, i) => ({
          broadcast_id: broadcastId,
          account_id: accountId,
          channel_id: channelId,
          row_number: i + 1,
          phone: `62812000000${i}`,
          status: status as 'sent',
        })),
      )
      .execute();
  });

  it('keeps the latest counts and adds the difference to the day it started', async () => {
    await emitProgress(ctx.deps, broadcastId);
    await reportsIdle(ctx.deps);
    const stale = ctx.events
      .filter(
        (e): e is Extract<DomainEvent, { type: 'broadcast.progress' }> =>
          e.type === 'broadcast.progress',
      )
      .at(-1)!;
    expect(await count('broadcast_sent')).toEqual({ n: 3, s: 0 });
    // Two more are read and one replies; then the older announcement arrives late.
    await ctx.deps.db
      .updateTable('broadcast_recipients')
      .set({ status: 'read', replied_at: new Date() })
      .where('broadcast_id', '=', broadcastId)
      .where('status', 'in', ['sent', 'queue'])
      .execute();
    await emitProgress(ctx.deps, broadcastId);
    await reportsIdle(ctx.deps);
    ctx.deps.events.publish(stale);
    await reportsIdle(ctx.deps);
    expect(await count('broadcast_sent')).toEqual({ n: 4, s: 0 });
    expect(await count('broadcast_read')).toEqual({ n: 3, s: 0 });
    expect(await count('broadcast_replied', `agent:${agent.id}`)).toEqual({ n: 2, s: 0 });
    const tab = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports?tab=broadcasts&from=2026-07-01&to=2026-07-01',
      headers: agent.auth,
    });
    expect(tab.json().rows).toEqual([
      expect.objectContaining({
        title: 'Promo Juli',
        recipients: 5,
        sent: 4,
        read: 3,
        failed: 1,
        replied: 2,
      }),
    ]);
  });

  it('is repaired from the recipients when an announcement was lost', async () => {
    await ctx.deps.db
      .updateTable('broadcast_recipients')
      .set({ status: 'failed' })
      .where('broadcast_id', '=', broadcastId)
      .where('status', '=', 'delivered')
      .execute();
    const report = await reconcileAccount(ctx.deps, accountId, '2026-07-01', '2026-07-01');
    expect(report.broadcastsRepaired).toBeGreaterThan(0);
    expect(await count('broadcast_failed')).toEqual({ n: 2, s: 0 });
    expect(await count('broadcast_delivered')).toEqual({ n: 3, s: 0 });
  });
});

describe('presence.updated', () => {
  it('counts time online per local day, once', async () => {
    const presence = (online: boolean) => ({
      type: 'presence.updated' as const,
      accountId,
      presence: {
        userId: agent.id,
        name: 'Budi',
        role: 'agent' as const,
        status: 'online' as const,
        online,
        connected: online,
        lastSeenAt: null,
      },
    });
    // 23:00 to 01:30 in Jakarta: one hour on the 1st, 90 minutes on the 2nd.
    ctx.clock.set('2026-07-01T16:00:00Z');
    ctx.deps.events.publish(presence(true));
    await reportsIdle(ctx.deps);
    ctx.clock.set('2026-07-01T18:30:00Z');
    ctx.deps.events.publish(presence(false));
    ctx.deps.events.publish(presence(false));
    await reportsIdle(ctx.deps);
    const rows = await ctx.deps.db
      .selectFrom('report_daily')
      .select(['count', 'sum_s'])
      .select((eb) => eb.cast<string>('day', 'text').as('day'))
      .where('account_id', '=', accountId)
      .where('metric', '=', 'online')
      .where('dim', '=', `agent:${agent.id}`)
      .orderBy('day')
      .execute();
    expect(rows.map((r) => [r.day, Number(r.sum_s)])).toEqual([
      ['2026-07-01', 3600],
      ['2026-07-02', 5400],
    ]);
  });
});

describe('dashboard.updated', () => {
  it('tells the account at most every 2 s, naming the agents whose queue moved', async () => {
    // An account of its own: nothing earlier has started its 2-second window.
    const accountId = await createAccount(ctx);
    const before = ctx.events.filter(
      (e) => e.type === 'dashboard.updated' && e.accountId === accountId,
    ).length;
    const touch = () =>
      ctx.deps.events.publish({
        type: 'balance.updated',
        accountId,
        saldo: 1,
      } satisfies Extract<DomainEvent, { type: 'balance.updated' }>);
    for (let i = 0; i < 20; i++) touch();
    await new Promise((r) => setTimeout(r, 200));
    const first = ctx.events.filter(
      (e) => e.type === 'dashboard.updated' && e.accountId === accountId,
    );
    expect(first.length - before).toBe(1);
    for (let i = 0; i < 20; i++) touch();
    await new Promise((r) => setTimeout(r, 200));
    expect(
      ctx.events.filter((e) => e.type === 'dashboard.updated' && e.accountId === accountId).length -
        before,
    ).toBe(1);
    ctx.deps.events.publish({
      type: 'presence.updated',
      accountId,
      presence: {
        userId: agent.id,
        name: 'Budi',
        role: 'agent',
        status: 'away',
        online: false,
        connected: true,
        lastSeenAt: null,
      },
    });
    await new Promise((r) => setTimeout(r, 2_000));
    const all = ctx.events.filter(
      (e): e is Extract<DomainEvent, { type: 'dashboard.updated' }> =>
        e.type === 'dashboard.updated' && e.accountId === accountId,
    );
    expect(all.length - before).toBe(2);
    expect(all.at(-1)).toMatchObject({ accountId, agentIds: [agent.id] });
    await reportsIdle(ctx.deps);
  });
});
