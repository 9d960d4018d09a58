import { sql } from 'kysely';
import type { LedgerKind } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import type { LedgerRow } from '../ledger.repo.js';

/** What the history is narrowed to; the instants are already in the account's time zone. */
export interface HistoryFilter {
  kind?: LedgerKind | undefined;
  /** Inclusive start. */
  fromInstant?: string | undefined;
  /** Exclusive end: the start of the day after `to`. */
  toInstantExclusive?: string | undefined;
}

export interface HistoryAccount {
  name: string;
  timezone: string;
  fromInstant?: string;
  toInstantExclusive?: string;
}

const COLUMNS = [
  'id',
  'amount',
  'balance_after',
  'kind',
  'order_id',
  'description',
  'created_at',
] as const;

function filtered(db: Db, accountId: string, filter: HistoryFilter) {
  let query = db.selectFrom('balance_ledger').where('account_id', '=', accountId);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.fromInstant) query = query.where('created_at', '>=', new Date(filter.fromInstant));
  if (filter.toInstantExclusive)
    query = query.where('created_at', '<', new Date(filter.toInstantExclusive));
  return query;
}

/**
 * Reads of the balance ledger for people: filtered pages, batches for exports, and the balance
 * at a given instant. Every query is scoped by the caller's account.
 */
export const historyRepo = {
  /**
   * The account's name and time zone, and the instants where the `from` day starts and the day
   * after `to` starts in that zone (PostgreSQL does the zone arithmetic, daylight saving included).
   */
  async account(
    db: Db,
    accountId: string,
    from: string | undefined,
    to: string | undefined,
  ): Promise<HistoryAccount | undefined> {
    const row = await db
      .selectFrom('accounts')
      .where('id', '=', accountId)
      .select([
        'name',
        'timezone',
        sql<string | null>`(${from ?? null}::date::timestamp AT TIME ZONE timezone)::text`.as(
          'from_instant',
        ),
        sql<string | null>`((${to ?? null}::date + 1)::timestamp AT TIME ZONE timezone)::text`.as(
          'to_instant',
        ),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      name: row.name,
      timezone: row.timezone,
      ...(row.from_instant ? { fromInstant: row.from_instant } : {}),
      ...(row.to_instant ? { toInstantExclusive: row.to_instant } : {}),
    };
  },

  /** The caller's own language, for a statement asked for without one. */
  async languageOf(db: Db, accountId: string, userId: string): Promise<'en' | 'id'> {
    const row = await db
      .selectFrom('users')
      .select('language')
      .where('id', '=', userId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.language ?? 'en';
  },

  async page(
    db: Db,
    accountId: string,
    filter: HistoryFilter,
    page: number,
    perpage: number,
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      filtered(db, accountId, filter)
        .select(COLUMNS)
        .orderBy('id', 'desc')
        .limit(perpage)
        .offset((page - 1) * perpage)
        .execute(),
      filtered(db, accountId, filter)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  /** Up to `limit` entries older than `beforeId` (newest first): an export's next batch. */
  batch(
    db: Db,
    accountId: string,
    filter: HistoryFilter,
    beforeId: number | null,
    limit: number,
  ): Promise<LedgerRow[]> {
    let query = filtered(db, accountId, filter);
    if (beforeId !== null) query = query.where('id', '<', String(beforeId));
    return query.select(COLUMNS).orderBy('id', 'desc').limit(limit).execute();
  },

  /** How many entries match, and the money they moved in and out. */
  async totals(
    db: Db,
    accountId: string,
    filter: HistoryFilter,
  ): Promise<{ count: number; credits: number; debits: number }> {
    const row = await filtered(db, accountId, filter)
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<string>`coalesce(sum(amount) FILTER (WHERE amount > 0), 0)`.as('credits'),
        sql<string>`coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)`.as('debits'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), credits: Number(row.credits), debits: Number(row.debits) };
  },

  /**
   * The balance just before `instant` (the newest entry written earlier), whatever its kind;
   * without an instant, the balance now. 0 when nothing was written by then.
   */
  async balanceAt(db: Db, accountId: string, instant: string | undefined): Promise<number> {
    let query = db
      .selectFrom('balance_ledger')
      .select('balance_after')
      .where('account_id', '=', accountId);
    if (instant) query = query.where('created_at', '<', new Date(instant));
    const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? Number(row.balance_after) : 0;
  },
};
