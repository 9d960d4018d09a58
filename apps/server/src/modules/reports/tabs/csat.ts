import { sql } from 'kysely';
import type { CsatReport, ReportRange } from '@sapa/contracts';
import { readSums, selectorAsFacts } from '../read.repo.js';
import { csatStat, periodsOf, perPeriod, ratingDistribution, total } from '../stats.js';
import { peopleOf, perAgent } from './agents.js';
import type { TabContext } from './context.js';

const KINDS = ['csat', 'csat_sent', 'csat_answered'];

/** Answered surveys of those sent (by the send day) as a fraction; null when none was sent. */
const rateOf = (answered: number, sent: number) =>
  sent > 0 ? Math.round((answered / sent) * 10_000) / 10_000 : null;

async function figures(ctx: TabContext, range: Pick<ReportRange, 'from' | 'to'>) {
  const sums = await readSums(
    ctx.db,
    ctx.accountId,
    KINDS,
    ctx.selector,
    range.from,
    range.to,
    ctx.range.groupBy,
  );
  const all = total(sums.get('csat'));
  const sent = total(sums.get('csat_sent')).count;
  const answered = total(sums.get('csat_answered')).count;
  return {
    sums,
    all,
    totals: { ...csatStat(all), surveysSent: sent, responseRate: rateOf(answered, sent) },
  };
}

/**
 * Each agent's answers, average and response rate, for the people the caller may see: from their
 * rollup dimensions (a year is a few hundred rows per agent, where the facts were a million rows
 * on the Large seed), or from the facts under a filter no dimension holds (a label, agents within
 * divisions).
 */
async function csatPerAgent(ctx: TabContext): Promise<CsatReport['rows']> {
  const people = await peopleOf(ctx);
  const ids = people.map((p) => p.id);
  const { selector, keyOf } = perAgent(ctx, ids);
  const raw = await readSums(
    ctx.db,
    ctx.accountId,
    KINDS,
    selector,
    ctx.range.from,
    ctx.range.to,
    'dim',
    sql<string>`agent_id::text`,
  );
  // Channel dimensions name "agent:<id>|channel:…": the sums are the agent's.
  const byAgent = new Map<string, { n: number; s: number }>();
  for (const [metric, byKey] of raw)
    for (const [key, sums] of byKey) {
      const k = `${metric}|${keyOf(key)}`;
      const had = byAgent.get(k) ?? { n: 0, s: 0 };
      byAgent.set(k, { n: had.n + sums.count, s: had.s + sums.sumS });
    }
  const of = (metric: string, id: string) => byAgent.get(`${metric}|${id}`) ?? { n: 0, s: 0 };
  return people.flatMap((p) => {
    const answers = of('csat', p.id);
    const sent = of('csat_sent', p.id).n;
    if (answers.n === 0 && sent === 0) return [];
    return [
      {
        agentId: p.id,
        name: p.name,
        responses: answers.n,
        average: answers.n ? Math.round((answers.s / answers.n) * 100) / 100 : null,
        surveysSent: sent,
        responseRate: rateOf(of('csat_answered', p.id).n, sent),
      },
    ];
  });
}

/**
 * CSAT answers (`bo.isCsat`), as the `csat.received` facts hold them (value = the rating), and
 * the surveys sent (`csat.sent`): the response rate is the share of the range's sent surveys that
 * were answered, whenever the answer came (docs/REPORTS.md).
 */
export async function csatTab(ctx: TabContext): Promise<CsatReport> {
  const { from, to, groupBy } = ctx.range;
  const [current, previous, perAgent, comments] = await Promise.all([
    figures(ctx, ctx.range),
    ctx.previous ? figures(ctx, ctx.previous) : null,
    csatPerAgent(ctx),
    sql<{
      source_id: string;
      ticket_id: string | null;
      chat_id: string | null;
      agent_id: string | null;
      name: string | null;
      value_s: number;
      note: string;
      at: Date;
    }>`
      SELECT e.source_id, e.ticket_id, e.chat_id, e.agent_id, u.name, e.value_s, e.note, e.at
      FROM report_events e LEFT JOIN users u ON u.id = e.agent_id
      WHERE e.account_id = ${ctx.accountId} AND e.kind = 'csat' AND e.note IS NOT NULL AND e.note <> ''
        AND e.day BETWEEN ${from}::date AND ${to}::date AND ${selectorAsFacts(ctx.selector)}
      ORDER BY e.at DESC LIMIT 50`.execute(ctx.db),
  ]);
  const periods = periodsOf(from, to, groupBy);
  const byPeriod = perPeriod(current.sums.get('csat'), periods);
  return {
    tab: 'csat',
    range: ctx.range,
    previous: ctx.previous,
    totals: { ...current.totals, distribution: ratingDistribution(current.all) },
    previousTotals: previous ? previous.totals : null,
    series: [...periods.keys()].map((date) => ({ date, ...csatStat(byPeriod.get(date)!) })),
    rows: perAgent,
    comments: comments.rows.map((c) => ({
      surveyId: c.source_id,
      ticketId: c.ticket_id ?? '',
      chatId: c.chat_id ?? '',
      agent: c.agent_id ? { _id: c.agent_id, name: c.name ?? '' } : null,
      rating: Number(c.value_s),
      comment: c.note,
      answeredAt: c.at.toISOString(),
    })),
  };
}
