import { sql } from 'kysely';
import type { ReportRange, TicketsReport, TicketsTotals } from '@sapa/contracts';
import { liveFloor } from '../live.js';
import { countAbove, emptySums, readSums, readTotals, selectorAsFacts } from '../read.repo.js';
import { durationStat, periodsOf, perPeriod } from '../stats.js';
import type { TabContext } from './context.js';

const METRICS = ['opened', 'reopened', 'first_response', 'resolution', 'unanswered'];

/** Bands of the distribution chart, in seconds: lower bound and label. */
const BANDS: [number, string][] = [
  [0, '< 1 min'],
  [60, '1–5 min'],
  [300, '5–15 min'],
  [900, '15 min – 1 h'],
  [3600, '1–4 h'],
  [14_400, '4–24 h'],
  [86_400, '≥ 24 h'],
];

const sumOf = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function figures(ctx: TabContext, range: Pick<ReportRange, 'from' | 'to'>) {
  const { firstResponseSeconds, resolutionSeconds } = ctx.targets;
  const [sums, frBreaches, resBreaches] = await Promise.all([
    readTotals(ctx.db, ctx.accountId, METRICS, ctx.selector, range.from, range.to, { bh: true }),
    countAbove(
      ctx.db,
      ctx.accountId,
      'first_response',
      firstResponseSeconds,
      ctx.selector,
      range.from,
      range.to,
    ),
    countAbove(
      ctx.db,
      ctx.accountId,
      'resolution',
      resolutionSeconds,
      ctx.selector,
      range.from,
      range.to,
    ),
  ]);
  const t = (m: string) => sums.get(m) ?? emptySums();
  const totals: TicketsTotals = {
    opened: t('opened').count,
    reopened: t('reopened').count,
    answered: t('first_response').count,
    resolved: t('resolution').count,
    unanswered: t('unanswered').count,
    firstResponse: durationStat(t('first_response')),
    resolution: durationStat(t('resolution')),
    firstResponseBreaches: sumOf(frBreaches),
    resolutionBreaches: sumOf(resBreaches),
  };
  return { frBreaches, resBreaches, totals };
}

/**
 * The tickets tab (`bo.ticket_report`): opened, answered and resolved, response and resolution
 * times, and breaches of the admin's targets counted exactly from the facts.
 */
export async function ticketsTab(ctx: TabContext): Promise<TicketsReport> {
  const { from, to, groupBy } = ctx.range;
  const [current, daily, previous, live, bands] = await Promise.all([
    figures(ctx, ctx.range),
    readSums(ctx.db, ctx.accountId, METRICS, ctx.selector, from, to, groupBy),
    ctx.previous ? figures(ctx, ctx.previous) : null,
    liveFloor(ctx.db, ctx.principal, ctx.filters, ctx.now, ctx.targets.firstResponseSeconds),
    sql<{ kind: string; band: number; n: number }>`
      SELECT kind, width_bucket(value_s, ${BANDS.map((b) => b[0])}::int[]) AS band, count(*)::int AS n
      FROM report_events
      WHERE account_id = ${ctx.accountId} AND kind IN ('first_response', 'resolution')
        AND day BETWEEN ${from}::date AND ${to}::date
        AND ${selectorAsFacts(ctx.selector)}
      GROUP BY 1, 2`.execute(ctx.db),
  ]);
  const periods = periodsOf(from, to, groupBy);
  const by = (m: string) => perPeriod(daily.get(m), periods);
  const [opened, first, resolution] = [by('opened'), by('first_response'), by('resolution')];
  const inPeriod = (m: Map<string, number>, days: string[]) =>
    days.reduce((n, d) => n + (m.get(d) ?? 0), 0);
  return {
    tab: 'tickets',
    range: ctx.range,
    previous: ctx.previous,
    targets: ctx.targets,
    totals: current.totals,
    previousTotals: previous?.totals ?? null,
    series: [...periods].map(([date, days]) => ({
      date,
      opened: opened.get(date)!.count,
      answered: first.get(date)!.count,
      resolved: resolution.get(date)!.count,
      firstResponseBreaches: inPeriod(current.frBreaches, days),
      resolutionBreaches: inPeriod(current.resBreaches, days),
      firstResponseMedian: durationStat(first.get(date)!).median,
      resolutionMedian: durationStat(resolution.get(date)!).median,
    })),
    distribution: BANDS.map(([, band], i) => {
      const n = (kind: string) =>
        bands.rows.find((r) => r.kind === kind && Number(r.band) === i + 1)?.n ?? 0;
      return { band, firstResponse: n('first_response'), resolution: n('resolution') };
    }),
    live: { open: live.open, waiting: live.waiting, unassigned: live.unassigned },
  };
}
