import { sql } from 'kysely';
import { ppnOf, type ReportRange, type UsageCost, type UsageReport } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import { addDays, dayStart } from '../days.js';
import { COST_METRICS } from '../ledger-rollup.js';
import { readSums, type Sums } from '../read.repo.js';
import { money, periodsOf, perPeriod, total } from '../stats.js';

const METRICS = [...COST_METRICS, 'broadcast_sent', 'message_in', 'message_out', 'contact_active'];
const ALL = { dims: ['all'] };

function costOf(cents: Record<(typeof COST_METRICS)[number], number>, ppnRate: number): UsageCost {
  const totalCents = cents.cost_user + cents.cost_business + cents.cost_broadcast + cents.cost_mau;
  // PPN is computed on whole rupiah (the ledger may hold cents from fractional prices).
  const ppn = ppnOf(Math.max(0, Math.round(totalCents / 100)), ppnRate).ppn;
  return {
    userInitiated: money(cents.cost_user),
    businessInitiated: money(cents.cost_business),
    broadcast: money(cents.cost_broadcast),
    activeContacts: money(cents.cost_mau),
    total: money(totalCents),
    ppn,
    totalWithPpn: money(totalCents + ppn * 100),
  };
}

async function ppnRateOf(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('account_id', '=', accountId)
    .where('key', '=', 'bo.ppn')
    .executeTakeFirst();
  const rate = Number(row?.value ?? '11');
  return Number.isFinite(rate) && rate >= 0 && rate <= 12 ? rate : 11;
}

/** The ledger's own usage sums for the range, read from the ledger rows. */
async function ledgerSums(db: Db, accountId: string, start: Date, end: Date) {
  const { rows } = await sql<{ charges: string; refunds: string }>`
    SELECT coalesce(-sum(amount) FILTER (WHERE kind = 'charge'), 0)::text AS charges,
           coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0)::text AS refunds
    FROM balance_ledger
    WHERE account_id = ${accountId} AND created_at >= ${start} AND created_at < ${end}
      AND kind IN ('charge', 'refund')
      AND (order_id LIKE 'conv:%' OR order_id LIKE 'mau:%' OR order_id LIKE 'broadcast:%')`.execute(
    db,
  );
  const charges = Math.round(Number(rows[0]?.charges ?? 0) * 100);
  const refunds = Math.round(Number(rows[0]?.refunds ?? 0) * 100);
  return { charges: money(charges), refunds: money(refunds), net: money(charges - refunds) };
}

/**
 * Usage of the whole account (spec §7 `reports/…/usage`): conversations by who opened them,
 * messages, monthly active contacts and what usage cost, per day, agreeing with the ledger.
 */
export async function usageFigures(
  db: Db,
  accountId: string,
  timezone: string,
  range: Pick<ReportRange, 'from' | 'to'>,
): Promise<Omit<UsageReport, 'range'>> {
  const { from, to } = range;
  // Every calendar month the range touches, whole: monthly active contacts count the month.
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addDays(`${m}-01`, 32).slice(0, 7))
    months.push(m);
  const monthStart = `${from.slice(0, 7)}-01`;
  const monthEnd = addDays(`${addDays(`${to.slice(0, 7)}-01`, 32).slice(0, 7)}-01`, -1);
  const [sums, monthly, ppnRate, ledger] = await Promise.all([
    readSums(db, accountId, METRICS, ALL, from, to, 'day'),
    readSums(db, accountId, ['contact_active'], ALL, monthStart, monthEnd, 'day'),
    ppnRateOf(db, accountId),
    ledgerSums(db, accountId, dayStart(from, timezone), dayStart(addDays(to, 1), timezone)),
  ]);
  const periods = periodsOf(from, to, 'day');
  const by = (m: string) => perPeriod(sums.get(m), periods);
  const series = Object.fromEntries(METRICS.map((m) => [m, by(m)])) as Record<
    string,
    Map<string, Sums>
  >;
  const centsOf = (pick: (m: string) => Sums) =>
    Object.fromEntries(COST_METRICS.map((m) => [m, pick(m).cents])) as Record<
      (typeof COST_METRICS)[number],
      number
    >;
  const days = [...periods.keys()].map((date) => {
    const at = (m: string) => series[m]!.get(date)!;
    return {
      date,
      conversations: {
        customer: at('cost_user').count,
        business: at('cost_business').count + at('broadcast_sent').count,
      },
      messagesIn: at('message_in').count,
      messagesOut: at('message_out').count,
      newActiveContacts: at('contact_active').count,
      cost: costOf(centsOf(at), ppnRate),
    };
  });
  const t = (m: string) => total(sums.get(m));
  const perMonth = new Map<string, number>();
  for (const [day, s] of monthly.get('contact_active') ?? new Map<string, Sums>())
    perMonth.set(day.slice(0, 7), (perMonth.get(day.slice(0, 7)) ?? 0) + s.count);
  return {
    days,
    totals: {
      conversations: {
        customer: t('cost_user').count,
        business: t('cost_business').count + t('broadcast_sent').count,
      },
      messagesIn: t('message_in').count,
      messagesOut: t('message_out').count,
      activeContacts: months.map((month) => ({ month, contacts: perMonth.get(month) ?? 0 })),
      cost: costOf(centsOf(t), ppnRate),
    },
    ledger,
    ppnRate,
  };
}
