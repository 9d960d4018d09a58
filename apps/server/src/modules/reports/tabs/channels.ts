import { sql } from 'kysely';
import {
  CHANNEL_TYPES,
  type ChannelReportRow,
  type ChannelsReport,
  type ChannelType,
  type MessageTypeRow,
} from '@sapa/contracts';
import { emptySums, readSums, type Sums } from '../read.repo.js';
import type { Selector } from '../scope.js';
import { addSums, durationStat, periodsOf } from '../stats.js';
import type { TabContext } from './context.js';
import { overviewTotals } from './overview.js';

const METRICS = [
  'opened',
  'resolution',
  'message_in',
  'message_out',
  'first_response',
  'reply_time',
];

/** Each channel's selector for the caller's scope: its channel dimensions, or facts by channel. */
function perChannel(ctx: TabContext): { selector: Selector; channelOf: (key: string) => string } {
  if ('facts' in ctx.selector) return { selector: ctx.selector, channelOf: (k) => k };
  const channels = ctx.filters.channel ? [ctx.filters.channel] : [...CHANNEL_TYPES];
  const s = ctx.scope;
  const dims =
    s.kind === 'all'
      ? channels.map((c) => `channel:${c}`)
      : s.ids.flatMap((id) =>
          channels.map((c) => `${s.kind === 'agents' ? 'agent' : 'division'}:${id}|channel:${c}`),
        );
  return {
    selector: { dims },
    channelOf: (dim) => dim.slice(dim.lastIndexOf('channel:') + 'channel:'.length),
  };
}

function regroup(
  raw: Map<string, Map<string, Sums>>,
  keyOf: (k: string) => string,
): Map<string, Map<string, Sums>> {
  const out = new Map<string, Map<string, Sums>>();
  for (const [metric, byKey] of raw) {
    const m = new Map<string, Sums>();
    for (const [k, s] of byKey) {
      const key = keyOf(k);
      m.set(key, addSums(m.get(key) ?? emptySums(), s));
    }
    out.set(metric, m);
  }
  return out;
}

/** Messages by channel and type: the type dimensions for the whole account, else the facts. */
async function messageTypes(ctx: TabContext): Promise<MessageTypeRow[]> {
  const { from, to } = ctx.range;
  const whole = ctx.scope.kind === 'all' && 'dims' in ctx.selector;
  const { rows } = whole
    ? await sql<{ metric: string; key: string; n: number }>`
        SELECT metric, substr(dim, 6) AS key, sum(count)::int AS n FROM report_daily
        WHERE account_id = ${ctx.accountId} AND metric IN ('message_in', 'message_out')
          AND dim >= 'type:' AND dim < 'type;' AND day BETWEEN ${from}::date AND ${to}::date
          ${ctx.filters.channel ? sql`AND dim LIKE ${`type:${ctx.filters.channel}:%`}` : sql``}
        GROUP BY 1, 2`.execute(ctx.db)
    : { rows: [] as { metric: string; key: string; n: number }[] };
  const byKey = new Map<string, MessageTypeRow>();
  const add = (key: string, metric: string, n: number) => {
    const [channel, ...type] = key.split(':');
    const row = byKey.get(key) ?? {
      channel: channel as ChannelType,
      msgType: type.join(':'),
      in: 0,
      out: 0,
    };
    if (metric === 'message_in') row.in += n;
    else row.out += n;
    byKey.set(key, row);
  };
  if (whole) for (const r of rows) add(r.key, r.metric, Number(r.n));
  else {
    // Scoped dimensions hold no message type: the scope's facts by channel and type.
    const filter =
      'facts' in ctx.selector
        ? ctx.selector
        : {
            facts: {
              ...(ctx.scope.kind === 'agents' ? { agentIds: ctx.scope.ids } : {}),
              ...(ctx.scope.kind === 'divisions' ? { divisionIds: ctx.scope.ids } : {}),
              ...(ctx.filters.channel ? { channel: ctx.filters.channel } : {}),
            },
          };
    const facts = await readSums(
      ctx.db,
      ctx.accountId,
      ['message_in', 'message_out'],
      filter,
      from,
      to,
      'dim',
      sql<string>`channel || ':' || msg_type`,
    );
    for (const [metric, m] of facts) for (const [k, v] of m) add(k, metric, v.count);
  }
  return [...byKey.values()].sort((a, b) => b.in + b.out - (a.in + a.out));
}

export async function channelsTab(ctx: TabContext): Promise<ChannelsReport> {
  const { selector, channelOf } = perChannel(ctx);
  const { from, to, groupBy } = ctx.range;
  const [overall, previous, raw, daily, types] = await Promise.all([
    overviewTotals(ctx, ctx.range),
    ctx.previous ? overviewTotals(ctx, ctx.previous) : null,
    readSums(ctx.db, ctx.accountId, METRICS, selector, from, to, 'dim', sql<string>`channel`, {
      bh: true,
    }),
    readSums(
      ctx.db,
      ctx.accountId,
      ['message_in', 'message_out'],
      selector,
      from,
      to,
      'daydim',
      sql<string>`channel`,
    ),
    messageTypes(ctx),
  ]);
  const byChannel = regroup(raw, channelOf);
  const channels = [...new Set([...byChannel.values()].flatMap((m) => [...m.keys()]))].sort();
  const get = (m: string, c: string) => byChannel.get(m)?.get(c) ?? emptySums();
  const rows: ChannelReportRow[] = channels.map((c) => ({
    channel: c as ChannelType,
    newConversations: get('opened', c).count,
    resolved: get('resolution', c).count,
    messagesIn: get('message_in', c).count,
    messagesOut: get('message_out', c).count,
    firstResponse: durationStat(get('first_response', c)),
    resolution: durationStat(get('resolution', c)),
    replyTime: durationStat(get('reply_time', c)),
  }));
  const periods = periodsOf(from, to, groupBy);
  const dayOf = new Map<string, string>();
  for (const [period, days] of periods) for (const d of days) dayOf.set(d, period);
  const points = new Map<string, Map<string, { in: number; out: number }>>();
  for (const [metric, m] of daily)
    for (const [key, s] of m) {
      const [day, ...rest] = key.split('|');
      const period = dayOf.get(day!);
      if (!period) continue;
      const channel = channelOf(rest.join('|'));
      const p = points.get(period) ?? new Map<string, { in: number; out: number }>();
      const cell = p.get(channel) ?? { in: 0, out: 0 };
      if (metric === 'message_in') cell.in += s.count;
      else cell.out += s.count;
      p.set(channel, cell);
      points.set(period, p);
    }
  return {
    tab: 'channels',
    range: ctx.range,
    previous: ctx.previous,
    totals: overall,
    previousTotals: previous,
    series: [...periods.keys()].map((date) => ({
      date,
      byChannel: [...(points.get(date) ?? new Map<string, { in: number; out: number }>())]
        .map(([channel, v]) => ({ channel: channel as ChannelType, in: v.in, out: v.out }))
        .sort((a, b) => a.channel.localeCompare(b.channel)),
    })),
    rows,
    messageTypes: types,
  };
}
