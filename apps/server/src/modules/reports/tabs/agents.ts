import { sql } from 'kysely';
import type { AgentReportRow, AgentsReport, AgentsTotals, ReportRange } from '@sapa/contracts';
import { openPerAgent } from '../live.js';
import { emptySums, readSums, readTotals, type Sums } from '../read.repo.js';
import type { Selector } from '../scope.js';
import { addSums, csatStat, durationStat, periodsOf, perPeriod } from '../stats.js';
import type { TabContext } from './context.js';

const METRICS = ['first_response', 'resolution', 'message_out', 'reply_time', 'csat'];

/** The people whose rows the caller may see (agents, supervisors and admins answer chats). */
export async function peopleOf(ctx: TabContext): Promise<{ id: string; name: string }[]> {
  let q = ctx.db
    .selectFrom('users as u')
    .select(['u.id', 'u.name'])
    .where('u.account_id', '=', ctx.accountId)
    .where('u.status', 'in', ['active', 'deactivated', 'invited'])
    .orderBy('u.name');
  const s = ctx.scope;
  if (s.kind === 'agents') q = q.where('u.id', 'in', s.ids.length ? s.ids : [ctx.principal.userId]);
  if (s.kind === 'divisions')
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_divisions as ud')
          .select('ud.user_id')
          .whereRef('ud.user_id', '=', 'u.id')
          .where(
            'ud.division_id',
            'in',
            s.ids.length ? s.ids : ['00000000-0000-0000-0000-000000000000'],
          ),
      ),
    );
  return q.execute();
}

/**
 * Per-agent selector: each agent's dimension (on the channel), or the facts by agent when a
 * filter has no agent dimension (a label; agents within divisions). `ignoreLabel` is for what
 * carries no label (time online).
 */
export function perAgent(
  ctx: TabContext,
  ids: string[],
  opts: { ignoreLabel?: boolean } = {},
): { selector: Selector; keyOf: (k: string) => string } {
  const ch = ctx.filters.channel;
  if ('facts' in ctx.selector) {
    const { labelId: _label, ...rest } = ctx.selector.facts;
    const facts = opts.ignoreLabel ? rest : ctx.selector.facts;
    return { selector: { facts: { ...facts, agentIds: ids } }, keyOf: (k) => k };
  }
  if (ctx.filters.labelId && !opts.ignoreLabel)
    return {
      selector: {
        facts: { agentIds: ids, labelId: ctx.filters.labelId, ...(ch ? { channel: ch } : {}) },
      },
      keyOf: (k) => k,
    };
  return {
    selector: { dims: ids.map((id) => (ch ? `agent:${id}|channel:${ch}` : `agent:${id}`)) },
    keyOf: (dim) => dim.split('|')[0]!.slice('agent:'.length),
  };
}

/**
 * The tab's totals: response, resolution and reply times from the whole account's rollup when
 * the caller sees everything (every such fact has an agent, so it is the sum of the agents'),
 * else from the agents' own; replies and time online from the agents'.
 */
async function totalsOf(
  ctx: TabContext,
  selector: Selector,
  online: Selector,
  range: Pick<ReportRange, 'from' | 'to'>,
): Promise<AgentsTotals> {
  const whole = ctx.scope.kind === 'all' && 'dims' in ctx.selector;
  const [timed, counted, onlineSums] = await Promise.all([
    readTotals(
      ctx.db,
      ctx.accountId,
      ['first_response', 'resolution', 'reply_time', 'csat'],
      whole ? ctx.selector : selector,
      range.from,
      range.to,
      { bh: true },
    ),
    readTotals(ctx.db, ctx.accountId, ['message_out'], selector, range.from, range.to),
    readTotals(ctx.db, ctx.accountId, ['online'], online, range.from, range.to),
  ]);
  const t = (m: string) => timed.get(m) ?? counted.get(m) ?? onlineSums.get(m) ?? emptySums();
  return {
    handled: t('first_response').count,
    resolved: t('resolution').count,
    replies: t('message_out').count,
    firstResponse: durationStat(t('first_response')),
    resolution: durationStat(t('resolution')),
    replyTime: durationStat(t('reply_time')),
    csat: ctx.account.csat ? csatStat(t('csat')) : null,
    onlineSeconds: t('online').sumS,
  };
}

async function figures(
  ctx: TabContext,
  people: { id: string }[],
  range: Pick<ReportRange, 'from' | 'to'>,
) {
  const ids = people.map((p) => p.id);
  const read = async (metrics: string[], by: ReturnType<typeof perAgent>) => {
    const raw = await readSums(
      ctx.db,
      ctx.accountId,
      metrics,
      by.selector,
      range.from,
      range.to,
      'dim',
      sql<string>`agent_id::text`,
    );
    // Channel dimensions name "agent:<id>|channel:…": the row is the agent's.
    const byAgent = new Map<string, Map<string, Sums>>();
    for (const [metric, byKey] of raw) {
      const m = new Map<string, Sums>();
      for (const [key, s] of byKey) {
        const agent = by.keyOf(key);
        m.set(agent, addSums(m.get(agent) ?? emptySums(), s));
      }
      byAgent.set(metric, m);
    }
    return byAgent;
  };
  // Time online carries no label: a label filter does not narrow it.
  const [counted, online] = await Promise.all([
    read(METRICS, perAgent(ctx, ids)),
    read(['online'], perAgent(ctx, ids, { ignoreLabel: true })),
  ]);
  return { byAgent: new Map([...counted, ...online]) };
}

export async function agentsTab(ctx: TabContext): Promise<AgentsReport> {
  const people = await peopleOf(ctx);
  const ids = people.map((p) => p.id);
  const { selector } = perAgent(ctx, ids);
  const { selector: online } = perAgent(ctx, ids, { ignoreLabel: true });
  const [current, totals, previous, open] = await Promise.all([
    figures(ctx, people, ctx.range),
    totalsOf(ctx, selector, online, ctx.range),
    ctx.previous ? totalsOf(ctx, selector, online, ctx.previous) : null,
    openPerAgent(ctx.db, ctx.accountId),
  ]);
  const { byAgent } = current;
  const get = (m: string, id: string) => byAgent.get(m)?.get(id) ?? emptySums();
  const rows: AgentReportRow[] = people.map((p) => ({
    agentId: p.id,
    name: p.name,
    handled: get('first_response', p.id).count,
    resolved: get('resolution', p.id).count,
    replies: get('message_out', p.id).count,
    openNow: open.get(p.id) ?? 0,
    firstResponse: durationStat(get('first_response', p.id)),
    resolution: durationStat(get('resolution', p.id)),
    replyTime: durationStat(get('reply_time', p.id)),
    csat: ctx.account.csat ? csatStat(get('csat', p.id)) : null,
    onlineSeconds: get('online', p.id).sumS,
  }));
  // Every first response and resolution has an agent (the replier; the holder, else the resolver),
  // so for the whole account the 'all' rollup is the sum of the agents' and far fewer rows.
  const whole = ctx.scope.kind === 'all' && 'dims' in ctx.selector;
  const series = (metrics: string[], from: typeof selector) =>
    readSums(ctx.db, ctx.accountId, metrics, from, ctx.range.from, ctx.range.to, ctx.range.groupBy);
  const [timed, sent] = await Promise.all([
    series(['first_response', 'resolution'], whole ? ctx.selector : selector),
    series(['message_out'], selector),
  ]);
  const daily = new Map([...timed, ...sent]);
  const periods = periodsOf(ctx.range.from, ctx.range.to, ctx.range.groupBy);
  const fr = perPeriod(daily.get('first_response'), periods);
  const res = perPeriod(daily.get('resolution'), periods);
  const out = perPeriod(daily.get('message_out'), periods);
  return {
    tab: 'agents',
    range: ctx.range,
    previous: ctx.previous,
    totals,
    previousTotals: previous,
    series: [...periods.keys()].map((date) => ({
      date,
      handled: fr.get(date)!.count,
      resolved: res.get(date)!.count,
      replies: out.get(date)!.count,
      firstResponseMedian: durationStat(fr.get(date)!).median,
      resolutionMedian: durationStat(res.get(date)!).median,
    })),
    rows,
  };
}
