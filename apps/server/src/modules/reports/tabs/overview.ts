import type { OverviewPoint, OverviewReport, OverviewTotals, ReportRange } from '@sapa/contracts';
import { liveFloor } from '../live.js';
import { emptySums, readSums, readTotals, type Sums } from '../read.repo.js';
import { csatStat, durationStat, periodsOf, perPeriod } from '../stats.js';
import type { Selector } from '../scope.js';
import type { TabContext } from './context.js';

const METRICS = [
  'opened',
  'reopened',
  'resolution',
  'unanswered',
  'message_in',
  'message_out',
  'first_response',
  'reply_time',
  'csat',
] as const;

const SERIES = [
  'opened',
  'reopened',
  'resolution',
  'unanswered',
  'message_in',
  'message_out',
  'first_response',
  'reply_time',
] as const;

/** The overview's totals of one range (with the working-hours medians). */
export async function overviewTotals(
  ctx: TabContext,
  range: Pick<ReportRange, 'from' | 'to'>,
  selector: Selector = ctx.selector,
): Promise<OverviewTotals> {
  const sums = await readTotals(ctx.db, ctx.accountId, METRICS, selector, range.from, range.to, {
    bh: true,
  });
  const t = (m: string) => sums.get(m) ?? emptySums();
  return {
    newConversations: t('opened').count,
    reopened: t('reopened').count,
    resolved: t('resolution').count,
    unanswered: t('unanswered').count,
    messagesIn: t('message_in').count,
    messagesOut: t('message_out').count,
    firstResponse: durationStat(t('first_response')),
    resolution: durationStat(t('resolution')),
    replyTime: durationStat(t('reply_time')),
    csat: ctx.account.csat ? csatStat(t('csat')) : null,
  };
}

/** The overview's points, one per day or week. */
export async function overviewSeries(
  ctx: TabContext,
  range: Pick<ReportRange, 'from' | 'to' | 'groupBy'>,
): Promise<OverviewPoint[]> {
  const sums = await readSums(
    ctx.db,
    ctx.accountId,
    SERIES,
    ctx.selector,
    range.from,
    range.to,
    range.groupBy,
  );
  const periods = periodsOf(range.from, range.to, range.groupBy);
  const by = (m: string) => perPeriod(sums.get(m), periods);
  const [opened, reopened, resolution, unanswered, mIn, mOut, first, reply] = SERIES.map(by) as [
    Map<string, Sums>,
    Map<string, Sums>,
    Map<string, Sums>,
    Map<string, Sums>,
    Map<string, Sums>,
    Map<string, Sums>,
    Map<string, Sums>,
    Map<string, Sums>,
  ];
  return [...periods.keys()].map((date) => {
    const fr = durationStat(first.get(date)!);
    const res = durationStat(resolution.get(date)!);
    const rep = durationStat(reply.get(date)!);
    return {
      date,
      newConversations: opened.get(date)!.count,
      reopened: reopened.get(date)!.count,
      resolved: resolution.get(date)!.count,
      unanswered: unanswered.get(date)!.count,
      messagesIn: mIn.get(date)!.count,
      messagesOut: mOut.get(date)!.count,
      firstResponseMedian: fr.median,
      firstResponseAvg: fr.avg,
      resolutionMedian: res.median,
      resolutionAvg: res.avg,
      replyTimeMedian: rep.median,
      replyTimeAvg: rep.avg,
    };
  });
}

export async function overviewTab(ctx: TabContext): Promise<OverviewReport> {
  const [totals, series, previous, live] = await Promise.all([
    overviewTotals(ctx, ctx.range),
    overviewSeries(ctx, ctx.range),
    ctx.previous ? overviewTotals(ctx, ctx.previous) : null,
    liveFloor(ctx.db, ctx.principal, ctx.filters, ctx.now, ctx.targets.firstResponseSeconds),
  ]);
  return {
    tab: 'overview',
    range: ctx.range,
    previous: ctx.previous,
    totals,
    previousTotals: previous,
    series,
    live: { open: live.open, waiting: live.waiting, unassigned: live.unassigned },
  };
}
