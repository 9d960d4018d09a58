import type { ReportRange, TicketsReport, TicketsTotals } from '@sapa/contracts';
import { liveFloor } from '../live.js';
import { countAbove, countPerBand, straddle } from '../histogram.js';
import { countSlices, emptySums, readSums, readTotals, type ValueSlice } from '../read.repo.js';
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

type DurationKind = ValueSlice['kind'];
const KINDS: DurationKind[] = ['first_response', 'resolution'];

/**
 * The slices of facts that make the histogram counts exact: for each kind, the times over its
 * target inside the bucket that holds the target, and (with `bands`) the times from each band
 * bound inside the bucket that holds it. Bounds on bucket edges need none.
 */
function slicesOf(ctx: TabContext, bands: boolean) {
  const slices: (ValueSlice & { band?: number })[] = [];
  const target = (kind: DurationKind) =>
    kind === 'first_response' ? ctx.targets.firstResponseSeconds : ctx.targets.resolutionSeconds;
  for (const kind of KINDS) {
    // Over target is longer than the target: from the next whole second.
    const over = straddle(target(kind) + 1);
    if (over) slices.push({ kind, ...over });
    if (bands)
      BANDS.forEach(([bound], band) => {
        const cut = straddle(bound);
        if (cut) slices.push({ kind, ...cut, band });
      });
  }
  return slices;
}

/**
 * Totals of a range, breaches included, exact: every bucket wholly over the target from the
 * rollups' histograms, the one bucket the target splits from its facts (docs/REPORTS.md, "Over
 * target"), with the split bucket's breaches per day for the series. With `bands`, the
 * distribution too, exact the same way.
 */
async function figures(ctx: TabContext, range: Pick<ReportRange, 'from' | 'to'>, bands: boolean) {
  const slices = slicesOf(ctx, bands);
  const [sums, counted] = await Promise.all([
    readTotals(ctx.db, ctx.accountId, METRICS, ctx.selector, range.from, range.to, { bh: true }),
    countSlices(ctx.db, ctx.accountId, slices, ctx.selector, range.from, range.to),
  ]);
  const t = (m: string) => sums.get(m) ?? emptySums();
  const sumOf = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  // The split bucket's times over target, per day, by kind (empty when the target is an edge).
  const overByDay = (kind: DurationKind) =>
    counted[slices.findIndex((x) => x.kind === kind && x.band === undefined)] ??
    new Map<string, number>();
  const fr = t('first_response');
  const res = t('resolution');
  const totals: TicketsTotals = {
    opened: t('opened').count,
    reopened: t('reopened').count,
    answered: fr.count,
    resolved: res.count,
    unanswered: t('unanswered').count,
    firstResponse: durationStat(fr),
    resolution: durationStat(res),
    firstResponseBreaches:
      countAbove(fr.hist, ctx.targets.firstResponseSeconds) + sumOf(overByDay('first_response')),
    resolutionBreaches:
      countAbove(res.hist, ctx.targets.resolutionSeconds) + sumOf(overByDay('resolution')),
  };
  // Each band from the buckets, then each split bucket's times from the bound up moved up a band.
  const lowerBounds = BANDS.map(([bound]) => bound);
  const perBand = {
    first_response: countPerBand(fr.hist, lowerBounds),
    resolution: countPerBand(res.hist, lowerBounds),
  };
  slices.forEach((x, i) => {
    if (x.band === undefined) return;
    const n = sumOf(counted[i] ?? new Map());
    perBand[x.kind][x.band - 1] = (perBand[x.kind][x.band - 1] ?? 0) - n;
    perBand[x.kind][x.band] = (perBand[x.kind][x.band] ?? 0) + n;
  });
  return { totals, perBand, overByDay };
}

/**
 * The tickets tab (`bo.ticket_report`): opened, answered and resolved, response and resolution
 * times, breaches of the admin's targets and the distribution chart, from the rollups'
 * histograms and the facts of the buckets the targets and band bounds split.
 */
export async function ticketsTab(ctx: TabContext): Promise<TicketsReport> {
  const { from, to, groupBy } = ctx.range;
  const [current, daily, previous, live] = await Promise.all([
    figures(ctx, ctx.range, true),
    readSums(ctx.db, ctx.accountId, METRICS, ctx.selector, from, to, groupBy),
    ctx.previous ? figures(ctx, ctx.previous, false) : null,
    liveFloor(ctx.db, ctx.principal, ctx.filters, ctx.now, ctx.targets.firstResponseSeconds),
  ]);
  const periods = periodsOf(from, to, groupBy);
  const by = (m: string) => perPeriod(daily.get(m), periods);
  const [opened, first, resolution] = [by('opened'), by('first_response'), by('resolution')];
  const [frOver, resOver] = [current.overByDay('first_response'), current.overByDay('resolution')];
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
      firstResponseBreaches:
        countAbove(first.get(date)!.hist, ctx.targets.firstResponseSeconds) +
        inPeriod(frOver, days),
      resolutionBreaches:
        countAbove(resolution.get(date)!.hist, ctx.targets.resolutionSeconds) +
        inPeriod(resOver, days),
      firstResponseMedian: durationStat(first.get(date)!).median,
      resolutionMedian: durationStat(resolution.get(date)!).median,
    })),
    distribution: BANDS.map(([, band], i) => ({
      band,
      firstResponse: current.perBand.first_response[i] ?? 0,
      resolution: current.perBand.resolution[i] ?? 0,
    })),
    live: { open: live.open, waiting: live.waiting, unassigned: live.unassigned },
  };
}
