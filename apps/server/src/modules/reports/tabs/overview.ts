import type { OverviewPoint, OverviewReport, OverviewTotals, ReportRange } from '@sapa/contracts';
import { liveFloor } from '../live.js';
import { readSums } from '../read.repo.js';
import { csatStat, durationStat, periodsOf, perPeriod, total } from '../stats.js';
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

/** The overview's totals and series of one range. */
export async function overviewFigures(
  ctx: TabContext,
  range: Pick<ReportRange, 'from' | 'to' | 'groupBy'>,
  selector: Selector = ctx.selector,
): Promise<{ totals: OverviewTotals; series: OverviewPoint[] }> {
  const sums = await readSums(
    ctx.db,
    ctx.accountId,
    METRICS,
    selector,
    range.from,
    range.to,
    range.groupBy,
    undefined,
    { bh: true },
  );
  const t = (m: string) => total(sums.get(m));
  const totals: OverviewTotals = {
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
  const periods = periodsOf(range.from, range.to, range.groupBy);
  const by = (m: string) => perPeriod(sums.get(m), periods);
  const [opened, reopened, resolution, unanswered, mIn, mOut, first, reply] = [
    by('opened'),
    by('reopened'),
    by('resolution'),
    by('unanswered'),
    by('message_in'),
    by('message_out'),
    by('first_response'),
    by('reply_time'),
  ];
  const series: OverviewPoint[] = [...periods.keys()].map((date) => {
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
  return { totals, series };
}

export async function overviewTab(ctx: TabContext): Promise<OverviewReport> {
  const [current, previous, live] = await Promise.all([
    overviewFigures(ctx, ctx.range),
    ctx.previous ? overviewFigures(ctx, ctx.previous) : null,
    liveFloor(ctx.db, ctx.principal, ctx.filters, ctx.now, ctx.targets.firstResponseSeconds),
  ]);
  return {
    tab: 'overview',
    range: ctx.range,
    previous: ctx.previous,
    totals: current.totals,
    previousTotals: previous?.totals ?? null,
    series: current.series,
    live: { open: live.open, waiting: live.waiting, unassigned: live.unassigned },
  };
}
