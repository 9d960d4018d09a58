import type { ReportRange, TicketsReport, TicketsTotals } from '@sapa/contracts';
import { liveFloor } from '../live.js';
import { countAbove, countPerBand } from '../histogram.js';
import { emptySums, readSums, readTotals } from '../read.repo.js';
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

/**
 * Totals of a range, breaches included, from the rollups alone: a breach is a time whose bucket
 * lower edge is above the target (docs/REPORTS.md, "Over target").
 */
async function figures(ctx: TabContext, range: Pick<ReportRange, 'from' | 'to'>) {
  const sums = await readTotals(
    ctx.db,
    ctx.accountId,
    METRICS,
    ctx.selector,
    range.from,
    range.to,
    {
      bh: true,
    },
  );
  const t = (m: string) => sums.get(m) ?? emptySums();
  const totals: TicketsTotals = {
    opened: t('opened').count,
    reopened: t('reopened').count,
    answered: t('first_response').count,
    resolved: t('resolution').count,
    unanswered: t('unanswered').count,
    firstResponse: durationStat(t('first_response')),
    resolution: durationStat(t('resolution')),
    firstResponseBreaches: countAbove(t('first_response').hist, ctx.targets.firstResponseSeconds),
    resolutionBreaches: countAbove(t('resolution').hist, ctx.targets.resolutionSeconds),
  };
  return { totals, firstResponse: t('first_response'), resolution: t('resolution') };
}

/**
 * The tickets tab (`bo.ticket_report`): opened, answered and resolved, response and resolution
 * times, breaches of the admin's targets and the distribution chart, all read from the rollups'
 * histograms (no request reads the facts of the range unless a filter combination needs it).
 */
export async function ticketsTab(ctx: TabContext): Promise<TicketsReport> {
  const { from, to, groupBy } = ctx.range;
  const [current, daily, previous, live] = await Promise.all([
    figures(ctx, ctx.range),
    readSums(ctx.db, ctx.accountId, METRICS, ctx.selector, from, to, groupBy),
    ctx.previous ? figures(ctx, ctx.previous) : null,
    liveFloor(ctx.db, ctx.principal, ctx.filters, ctx.now, ctx.targets.firstResponseSeconds),
  ]);
  const periods = periodsOf(from, to, groupBy);
  const by = (m: string) => perPeriod(daily.get(m), periods);
  const [opened, first, resolution] = [by('opened'), by('first_response'), by('resolution')];
  const lowerBounds = BANDS.map(([bound]) => bound);
  const frBands = countPerBand(current.firstResponse.hist, lowerBounds);
  const resBands = countPerBand(current.resolution.hist, lowerBounds);
  return {
    tab: 'tickets',
    range: ctx.range,
    previous: ctx.previous,
    targets: ctx.targets,
    totals: current.totals,
    previousTotals: previous?.totals ?? null,
    series: [...periods].map(([date]) => ({
      date,
      opened: opened.get(date)!.count,
      answered: first.get(date)!.count,
      resolved: resolution.get(date)!.count,
      firstResponseBreaches: countAbove(first.get(date)!.hist, ctx.targets.firstResponseSeconds),
      resolutionBreaches: countAbove(resolution.get(date)!.hist, ctx.targets.resolutionSeconds),
      firstResponseMedian: durationStat(first.get(date)!).median,
      resolutionMedian: durationStat(resolution.get(date)!).median,
    })),
    distribution: BANDS.map(([, band], i) => ({
      band,
      firstResponse: frBands[i] ?? 0,
      resolution: resBands[i] ?? 0,
    })),
    live: { open: live.open, waiting: live.waiting, unassigned: live.unassigned },
  };
}
