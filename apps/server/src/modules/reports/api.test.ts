import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REPORT_MESSAGES, type OverviewReport } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createDivision, createUser, type TestUser } from '../../test/fixtures.js';
import { createReportTeam } from '../../test/fixtures-reports.js';
import { forgetReportAccount } from './account-context.js';
import { fact, type Fact } from './facts.js';
import { writeFacts } from './facts.repo.js';
import { rebuildReportHistory } from './history.js';

/**
 * Who sees which figures, on facts written by hand (one day, 2026-05-04 in Jakarta):
 *   ticket 1: Agus (supervised by Sinta), WhatsApp, no division: opened, answered in 60 s,
 *     resolved in 614 s, one reply by Agus;
 *   ticket 2: Bela (division Sales), Instagram: opened, answered in 121 s, resolved in 306 s,
 *     one reply by Bela;
 *   ticket 3: nobody's yet, division Sales, WhatsApp, labelled VIP: opened;
 *   one automatic message out (no agent).
 */
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let sinta: TestUser;
let agus: TestUser;
let bela: TestUser;
let dewi: TestUser;
let sales: string;
let vip: string;

const DAY = '2026-05-04';
const AT = new Date('2026-05-04T03:00:00Z');
const uuid = () => crypto.randomUUID();

beforeAll(async () => {
  ctx = await createTestContext();
  ({ accountId, sales, vip, admin, agus, bela, sinta } = await createReportTeam(ctx, {
    adminName: 'Ani',
  }));
  const other = await createDivision(ctx, accountId, 'Support');
  dewi = await createUser(ctx, accountId, {
    role: 'supervisor',
    name: 'Dewi',
    divisionIds: [sales],
    divisionOnlyView: true,
  });
  await createUser(ctx, accountId, { role: 'agent', divisionIds: [other] });

  const [t1, t2, t3] = [uuid(), uuid(), uuid()];
  const on = (kind: Fact['kind'], sourceId: string, extra: Partial<Fact>) =>
    fact({ accountId, kind, sourceId, at: AT, day: DAY, ...extra });
  const one = { agentId: agus.id, channel: 'whatsapp', ticketId: t1 };
  const two = { agentId: bela.id, channel: 'instagram', divisionId: sales, ticketId: t2 };
  await writeFacts(ctx.deps.pool, [
    on('opened', t1, one),
    on('first_response', t1, { ...one, valueS: 60, valueBhS: 60 }),
    on('resolution', t1, { ...one, valueS: 614, valueBhS: 614 }),
    on('message_out', '1', { ...one, msgType: 'text' }),
    on('opened', t2, two),
    on('first_response', t2, { ...two, valueS: 121, valueBhS: 121 }),
    on('resolution', t2, { ...two, valueS: 306, valueBhS: 306 }),
    on('message_out', '2', { ...two, msgType: 'image' }),
    on('opened', t3, { channel: 'whatsapp', divisionId: sales, labels: [vip], ticketId: t3 }),
    on('message_out', '3', { channel: 'whatsapp', msgType: 'text' }),
  ]);
});
afterAll(() => ctx.close());

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });
const overview = async (user: TestUser, extra = '') => {
  const res = await get(user, `/api/reports?tab=overview&from=${DAY}&to=${DAY}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OverviewReport;
};

describe('GET /api/reports: figures by role', () => {
  it('gives admins the whole account', async () => {
    const r = await overview(admin);
    expect(r.totals).toMatchObject({ newConversations: 3, resolved: 2, messagesOut: 3 });
    expect(r.totals.firstResponse).toMatchObject({ count: 2, avg: 90.5, median: 60, p90: 121 });
    expect(r.totals.resolution).toMatchObject({ median: 306, p90: 614, avg: 460 });
    expect(r.series).toHaveLength(1);
    expect(r.range).toMatchObject({ from: DAY, to: DAY, timezone: 'Asia/Jakarta', days: 1 });
  });

  it('gives an agent only their own figures, whatever they ask', async () => {
    const r = await overview(agus);
    expect(r.totals).toMatchObject({ newConversations: 1, resolved: 1, messagesOut: 1 });
    expect(r.totals.firstResponse).toMatchObject({ count: 1, median: 60 });
    const res = await get(agus, `/api/reports?from=${DAY}&to=${DAY}&agentId=${bela.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REPORT_MESSAGES.agentNotVisible);
  });

  it('gives a supervisor their agents', async () => {
    expect((await overview(sinta)).totals).toMatchObject({ newConversations: 1, messagesOut: 1 });
    const res = await get(sinta, `/api/reports?tab=agents&from=${DAY}&to=${DAY}`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { rows: { name: string; handled: number }[] }).rows;
    expect(rows.map((r) => [r.name, r.handled])).toEqual([
      ['Agus', 1],
      ['Sinta', 0],
    ]);
    expect(
      (await get(sinta, `/api/reports?from=${DAY}&to=${DAY}&agentId=${bela.id}`)).statusCode,
    ).toBe(403);
  });

  it('gives a division-only user their divisions', async () => {
    const r = await overview(dewi);
    expect(r.totals).toMatchObject({ newConversations: 2, messagesOut: 1 });
    expect(r.totals.firstResponse).toMatchObject({ count: 1, median: 121 });
    // An agent of their division: that agent's figures within the division.
    expect((await overview(dewi, `&agentId=${bela.id}`)).totals.firstResponse.count).toBe(1);
    expect(
      (await get(dewi, `/api/reports?from=${DAY}&to=${DAY}&agentId=${agus.id}`)).statusCode,
    ).toBe(403);
    const outside = await get(dewi, `/api/reports?from=${DAY}&to=${DAY}&divisionId=${uuid()}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(REPORT_MESSAGES.divisionNotVisible);
  });

  it('narrows by channel, label and agent, from rollups or facts alike', async () => {
    expect((await overview(admin, '&channel=whatsapp')).totals).toMatchObject({
      newConversations: 2,
      messagesOut: 2,
    });
    expect((await overview(admin, `&labelId=${vip}`)).totals.newConversations).toBe(1);
    // Label and channel together: no rollup holds both; the facts answer the same way.
    expect(
      (await overview(admin, `&labelId=${vip}&channel=whatsapp`)).totals.newConversations,
    ).toBe(1);
    expect(
      (await overview(admin, `&labelId=${vip}&channel=instagram`)).totals.newConversations,
    ).toBe(0);
    expect((await overview(sinta, '&channel=instagram')).totals.newConversations).toBe(0);
    expect((await overview(admin, `&agentId=${bela.id}`)).totals.resolution.median).toBe(306);
    expect(
      (await overview(admin, `&divisionId=${sales}&channel=whatsapp`)).totals.newConversations,
    ).toBe(1);
  });

  it('narrows each agent’s row by a label, which no agent dimension holds', async () => {
    const agusHandled = async (extra: string) =>
      (
        (await get(admin, `/api/reports?tab=agents&from=${DAY}&to=${DAY}${extra}`)).json() as {
          rows: { agentId: string; handled: number }[];
        }
      ).rows.find((r) => r.agentId === agus.id)?.handled;
    expect(await agusHandled('')).toBe(1);
    // Agus's ticket carries no label.
    expect(await agusHandled(`&labelId=${vip}`)).toBe(0);
  });

  it('counts labelled conversations of every scope from the rollups, as the facts do', async () => {
    const labelled = async (user: TestUser, extra = '') => {
      const res = await get(user, `/api/reports?tab=labels&from=${DAY}&to=${DAY}${extra}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { totals: { labelled: number } }).totals.labelled;
    };
    const cases: [TestUser, string, number][] = [
      [admin, '', 1],
      [admin, '&channel=whatsapp', 1],
      [admin, '&channel=instagram', 0],
      [admin, `&divisionId=${sales}`, 1],
      [admin, `&labelId=${vip}`, 1],
      [admin, `&labelId=${vip}&channel=instagram`, 0],
      [dewi, '', 1],
      [dewi, `&agentId=${bela.id}`, 0],
      [sinta, '', 0],
    ];
    for (const [user, extra, n] of cases) expect(await labelled(user, extra), extra).toBe(n);
    // They are rollup rows: gone, the count is 0; the operator's rebuild writes them again.
    const rows = () =>
      ctx.deps.db
        .selectFrom('report_daily')
        .select('dim')
        .where('account_id', '=', accountId)
        .where('dim', 'like', 'labelled%')
        .orderBy('dim')
        .execute();
    expect((await rows()).map((r) => r.dim)).toEqual([
      'labelled',
      'labelled|channel:whatsapp',
      `labelled|division:${sales}`,
      `labelled|division:${sales}|channel:whatsapp`,
    ]);
    await ctx.deps.db
      .deleteFrom('report_daily')
      .where('account_id', '=', accountId)
      .where('dim', 'like', 'labelled%')
      .execute();
    expect(await labelled(admin)).toBe(0);
    const said: string[] = [];
    const repaired = await rebuildReportHistory(
      ctx.deps.pool,
      { accountIds: [accountId], kinds: ['opened'] },
      (l) => said.push(l),
    );
    expect(repaired).toBe(4);
    expect(said[0]).toContain(`${DAY}..${DAY} (1 days)`);
    for (const [user, extra, n] of cases) expect(await labelled(user, extra), extra).toBe(n);
  });

  it('compares with the period just before', async () => {
    const r = await overview(admin, '&compare=true');
    expect(r.previous).toMatchObject({ from: '2026-05-03', to: '2026-05-03' });
    expect(r.previousTotals?.newConversations).toBe(0);
  });

  it('refuses bad ranges with a clear 400', async () => {
    const after = await get(admin, '/api/reports?from=2026-05-05&to=2026-05-04');
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(REPORT_MESSAGES.fromAfterTo);
    const long = await get(admin, '/api/reports?from=2025-01-01&to=2026-05-04');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(REPORT_MESSAGES.rangeTooLong);
    expect((await get(admin, '/api/reports?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await get(admin, `/api/reports?from=${DAY}&to=${DAY}&tab=nope`)).statusCode).toBe(400);
  });

  it('gates the tickets and CSAT tabs on the back office switches', async () => {
    const tickets = await get(admin, `/api/reports?tab=tickets&from=${DAY}&to=${DAY}`);
    expect(tickets.statusCode).toBe(403);
    expect(tickets.json().message).toBe(REPORT_MESSAGES.ticketReportOff);
    const csat = await get(admin, `/api/reports?tab=csat&from=${DAY}&to=${DAY}`);
    expect(csat.statusCode).toBe(403);
    expect(csat.json().message).toBe(MESSAGES.csatDisabled);
    await ctx.deps.db
      .insertInto('settings')
      .values([
        { account_id: accountId, key: 'bo.ticket_report', value: 'true' },
        { account_id: accountId, key: 'bo.isCsat', value: 'true' },
      ])
      .execute();
    forgetReportAccount(ctx.deps.db, accountId);
    const on = await get(admin, `/api/reports?tab=tickets&from=${DAY}&to=${DAY}`);
    expect(on.statusCode).toBe(200);
    // Default targets: 15 min first response, 24 h resolution: nothing breached.
    expect(on.json().totals).toMatchObject({
      opened: 3,
      answered: 2,
      resolved: 2,
      firstResponseBreaches: 0,
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/reports/targets',
      headers: admin.auth,
      payload: { firstResponseSeconds: 60, resolutionSeconds: 300 },
    });
    expect(put.statusCode).toBe(200);
    const strict = (await get(admin, `/api/reports?tab=tickets&from=${DAY}&to=${DAY}`)).json();
    expect(strict.totals).toMatchObject({ firstResponseBreaches: 1, resolutionBreaches: 2 });
    // The day's series and the distribution come from the same histograms: 60 s and 121 s are
    // 1–5 min; 306 s and 614 s are bucket edges, so 5–15 min exactly.
    expect(strict.series[0]).toMatchObject({ firstResponseBreaches: 1, resolutionBreaches: 2 });
    const band = (name: string) =>
      (strict.distribution as { band: string; firstResponse: number; resolution: number }[]).find(
        (d) => d.band === name,
      );
    expect(band('1–5 min')).toMatchObject({ firstResponse: 2, resolution: 0 });
    expect(band('5–15 min')).toMatchObject({ firstResponse: 0, resolution: 2 });
    // Only Bela's: her facts' histograms, from her rollup dimension.
    const hers = (
      await get(admin, `/api/reports?tab=tickets&from=${DAY}&to=${DAY}&agentId=${bela.id}`)
    ).json();
    expect(hers.totals).toMatchObject({ firstResponseBreaches: 1, resolutionBreaches: 1 });
    const agentPut = await ctx.app.inject({
      method: 'PUT',
      url: '/api/reports/targets',
      headers: agus.auth,
      payload: { firstResponseSeconds: 60, resolutionSeconds: 300 },
    });
    expect(agentPut.statusCode).toBe(403);
    expect((await get(admin, `/api/reports?tab=csat&from=${DAY}&to=${DAY}`)).statusCode).toBe(200);
  });

  it('keeps usage and cost to managers', async () => {
    expect((await get(agus, `/api/reports?tab=usage&from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    expect((await get(agus, `/api/reports/usage?from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    expect((await get(sinta, `/api/reports/daily/usage?date=${DAY}`)).statusCode).toBe(200);
  });

  it('answers every tab for every role without an error', async () => {
    for (const user of [admin, sinta, agus, dewi])
      for (const tab of [
        'overview',
        'agents',
        'channels',
        'labels',
        'tickets',
        'broadcasts',
        'csat',
      ]) {
        const res = await get(
          user,
          `/api/reports?tab=${tab}&from=2026-04-28&to=${DAY}&groupBy=week&compare=true`,
        );
        expect(res.statusCode, `${tab}: ${res.body}`).toBe(200);
      }
  });
});

describe('GET /api/dashboard', () => {
  it('gives managers the floor and the balance, agents their own numbers', async () => {
    const a = (await get(admin, '/api/dashboard')).json();
    expect(a).toMatchObject({ scope: 'account', today: DAY, timezone: 'Asia/Jakarta' });
    expect(a.todayFigures).toMatchObject({ newConversations: 3, resolved: 2, replies: 3 });
    expect(a.balance).not.toBeNull();
    const g = (await get(agus, '/api/dashboard')).json();
    expect(g).toMatchObject({ scope: 'own', balance: null });
    expect(g.todayFigures).toMatchObject({ newConversations: 1, replies: 1 });
    expect((await get(sinta, '/api/dashboard')).json().scope).toBe('team');
  });
});
