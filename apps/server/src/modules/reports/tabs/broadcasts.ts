import { sql } from 'kysely';
import type {
  BroadcastReportRow,
  BroadcastsReport,
  BroadcastsTotals,
  ChannelType,
  ReportRange,
} from '@sapa/contracts';
import { money, periodsOf } from '../stats.js';
import type { TabContext } from './context.js';

interface Row {
  broadcast_id: string;
  day: string;
  channel: string;
  created_by: string | null;
  creator: string | null;
  title: string;
  status: string;
  started_at: Date | null;
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  replied: number;
  cost: string;
}

/**
 * Broadcasts that started in the range, with their outcome counts (kept from `broadcast.progress`,
 * repaired nightly from the recipients) and their cost from the ledger (charged minus refunded).
 * Agents see their own; supervisors theirs and their agents'; division-only users their
 * divisions' people's.
 */
async function rowsOf(ctx: TabContext, range: Pick<ReportRange, 'from' | 'to'>): Promise<Row[]> {
  const s = ctx.scope;
  const who =
    s.kind === 'all'
      ? sql`true`
      : s.kind === 'agents'
        ? sql`rb.created_by = ANY(${s.ids}::uuid[])`
        : sql`EXISTS (SELECT 1 FROM user_divisions ud WHERE ud.user_id = rb.created_by
                      AND ud.division_id = ANY(${s.ids}::uuid[]))`;
  const { rows } = await sql<Row>`
    SELECT rb.broadcast_id, rb.day::text AS day, rb.channel, rb.created_by, u.name AS creator, b.title,
           b.status, b.started_at, rb.recipients, rb.sent, rb.delivered, rb.read, rb.failed, rb.replied,
           coalesce((SELECT sum(d.amount) FROM report_daily d
                     WHERE d.account_id = rb.account_id AND d.metric = 'cost_broadcast'
                       AND d.dim = 'broadcast:' || rb.broadcast_id::text), 0)::text AS cost
    FROM report_broadcasts rb
    JOIN broadcasts b ON b.id = rb.broadcast_id
    LEFT JOIN users u ON u.id = rb.created_by
    WHERE rb.account_id = ${ctx.accountId} AND rb.day BETWEEN ${range.from}::date AND ${range.to}::date
      AND ${who} ${ctx.filters.channel ? sql`AND rb.channel = ${ctx.filters.channel}` : sql``}
    ORDER BY b.started_at DESC NULLS LAST, rb.broadcast_id`.execute(ctx.db);
  return rows;
}

function totalsOf(rows: Row[]): BroadcastsTotals {
  const sum = (k: 'recipients' | 'sent' | 'delivered' | 'read' | 'failed' | 'replied') =>
    rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    broadcasts: rows.length,
    recipients: sum('recipients'),
    sent: sum('sent'),
    delivered: sum('delivered'),
    read: sum('read'),
    failed: sum('failed'),
    replied: sum('replied'),
    cost: money(rows.reduce((n, r) => n + Math.round(Number(r.cost) * 100), 0)),
  };
}

export async function broadcastsTab(ctx: TabContext): Promise<BroadcastsReport> {
  const [rows, previous] = await Promise.all([
    rowsOf(ctx, ctx.range),
    ctx.previous ? rowsOf(ctx, ctx.previous) : null,
  ]);
  const periods = periodsOf(ctx.range.from, ctx.range.to, ctx.range.groupBy);
  const periodOf = new Map<string, string>();
  for (const [p, days] of periods) for (const d of days) periodOf.set(d, p);
  const series = [...periods.keys()].map((date) => {
    const inside = rows.filter((r) => periodOf.get(r.day) === date);
    const t = totalsOf(inside);
    return {
      date,
      sent: t.sent,
      delivered: t.delivered,
      read: t.read,
      failed: t.failed,
      replied: t.replied,
      cost: t.cost,
    };
  });
  const out: BroadcastReportRow[] = rows.map((r) => ({
    broadcastId: r.broadcast_id,
    title: r.title,
    channel: r.channel as ChannelType,
    status: r.status,
    createdBy: r.created_by ? { _id: r.created_by, name: r.creator ?? '' } : null,
    startedAt: r.started_at?.toISOString() ?? null,
    recipients: Number(r.recipients),
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    read: Number(r.read),
    failed: Number(r.failed),
    replied: Number(r.replied),
    cost: money(Math.round(Number(r.cost) * 100)),
  }));
  return {
    tab: 'broadcasts',
    range: ctx.range,
    previous: ctx.previous,
    totals: totalsOf(rows),
    previousTotals: previous ? totalsOf(previous) : null,
    series,
    rows: out,
  };
}
