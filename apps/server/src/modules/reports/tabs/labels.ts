import { sql, type RawBuilder } from 'kysely';
import type { LabelReportRow, LabelsReport, ReportRange } from '@sapa/contracts';
import { labelledDim } from '../facts.js';
import { emptySums, readSums, readTotals, selectorAsFacts, type Sums } from '../read.repo.js';
import { durationStat, periodsOf } from '../stats.js';
import type { TabContext } from './context.js';

const METRICS = ['opened', 'resolution', 'message_in', 'first_response'];

/** The facts' filter of the caller's scope and filters (label rows come from the facts' labels). */
function scopeFilter(ctx: TabContext): RawBuilder<unknown> {
  const s = ctx.selector;
  // The label filter is applied per label row below.
  return 'facts' in s
    ? selectorAsFacts({ facts: { ...s.facts, labelId: undefined } })
    : selectorAsFacts(s);
}

/**
 * Per label: its rollup dimension for the whole account, else the facts that carried the label
 * (a conversation with two labels counts under both).
 */
async function perLabel(
  ctx: TabContext,
  range: Pick<ReportRange, 'from' | 'to'>,
  labelIds: string[],
  group: 'dim' | 'daydim',
  metrics: readonly string[] = METRICS,
): Promise<Map<string, Map<string, Sums>>> {
  const whole = ctx.scope.kind === 'all' && !ctx.filters.channel && 'dims' in ctx.selector;
  if (whole) {
    const raw = await readSums(
      ctx.db,
      ctx.accountId,
      metrics,
      { dims: labelIds.map((id) => `label:${id}`) },
      range.from,
      range.to,
      group,
      undefined,
      { bh: group === 'dim' },
    );
    const out = new Map<string, Map<string, Sums>>();
    for (const [metric, m] of raw)
      out.set(metric, new Map([...m].map(([k, v]) => [k.replace('label:', ''), v])));
    return out;
  }
  const key = group === 'dim' ? sql`l::text` : sql`day::text || '|' || l::text`;
  const { rows } = await sql<{
    metric: string;
    key: string;
    n: number;
    s: number;
    sbh: number;
    hist: number[];
    hist_bh: number[];
  }>`
    SELECT kind AS metric, ${key} AS key, sum(n)::int AS n, coalesce(sum(value_s), 0) AS s,
           coalesce(sum(value_bh_s), 0) AS sbh,
           report_hist_of(array_agg(bucket)) AS hist, report_hist_of(array_agg(bucket_bh)) AS hist_bh
    FROM report_fact_rows, unnest(labels) AS l
    WHERE account_id = ${ctx.accountId} AND kind = ANY(${[...metrics]}::text[])
      AND day BETWEEN ${range.from}::date AND ${range.to}::date AND ${scopeFilter(ctx)}
      ${ctx.filters.labelId ? sql`AND l = ${ctx.filters.labelId}::uuid` : sql``}
    GROUP BY 1, 2`.execute(ctx.db);
  const out = new Map<string, Map<string, Sums>>();
  for (const r of rows) {
    const m = out.get(r.metric) ?? new Map<string, Sums>();
    m.set(r.key, {
      count: Number(r.n),
      sumS: Number(r.s),
      sumBhS: Number(r.sbh),
      cents: 0,
      hist: r.hist ?? [],
      histBh: r.hist_bh ?? [],
    });
    out.set(r.metric, m);
  }
  return out;
}

/**
 * New conversations that carried a label when they opened. From the 'labelled' rollup
 * dimensions of the scope (a label filter's own dimension already holds only labelled ones);
 * from the facts only for filter combinations no dimension holds.
 */
async function labelled(ctx: TabContext, range: Pick<ReportRange, 'from' | 'to'>): Promise<number> {
  const s = ctx.selector;
  if ('dims' in s) {
    const dims = s.dims.map((d) => (d.startsWith('label:') ? d : labelledDim(d)));
    const totals = await readTotals(
      ctx.db,
      ctx.accountId,
      ['opened'],
      { dims },
      range.from,
      range.to,
    );
    return totals.get('opened')?.count ?? 0;
  }
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM report_events
    WHERE account_id = ${ctx.accountId} AND kind = 'opened' AND labels <> '{}'
      AND day BETWEEN ${range.from}::date AND ${range.to}::date AND ${scopeFilter(ctx)}
      ${ctx.filters.labelId ? sql`AND ${ctx.filters.labelId}::uuid = ANY(labels)` : sql``}`.execute(
    ctx.db,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function labelsTab(ctx: TabContext): Promise<LabelsReport> {
  let q = ctx.db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('account_id', '=', ctx.accountId)
    .orderBy('name');
  if (ctx.filters.labelId) q = q.where('id', '=', ctx.filters.labelId);
  const labels = await q.execute();
  const ids = labels.map((l) => l.id);
  const [totals, daily, count, previous] = await Promise.all([
    perLabel(ctx, ctx.range, ids, 'dim'),
    perLabel(ctx, ctx.range, ids, 'daydim', ['opened']),
    labelled(ctx, ctx.range),
    ctx.previous ? labelled(ctx, ctx.previous) : null,
  ]);
  const get = (m: string, id: string) => totals.get(m)?.get(id) ?? emptySums();
  const rows: LabelReportRow[] = labels.map((l) => ({
    labelId: l.id,
    name: l.name,
    color: l.color,
    newConversations: get('opened', l.id).count,
    resolved: get('resolution', l.id).count,
    messagesIn: get('message_in', l.id).count,
    firstResponse: durationStat(get('first_response', l.id)),
    resolution: durationStat(get('resolution', l.id)),
  }));
  const periods = periodsOf(ctx.range.from, ctx.range.to, ctx.range.groupBy);
  const opened = daily.get('opened') ?? new Map<string, Sums>();
  return {
    tab: 'labels',
    range: ctx.range,
    previous: ctx.previous,
    totals: { labelled: count },
    previousTotals: previous === null ? null : { labelled: previous },
    series: [...periods].map(([date, days]) => ({
      date,
      byLabel: ids
        .map((labelId) => ({
          labelId,
          newConversations: days.reduce(
            (n, d) => n + (opened.get(`${d}|${labelId}`)?.count ?? 0),
            0,
          ),
        }))
        .filter((x) => x.newConversations > 0),
    })),
    rows,
  };
}
