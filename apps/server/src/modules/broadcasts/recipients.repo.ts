import { sql } from 'kysely';
import {
  RECIPIENT_STATUSES,
  type BroadcastCounts,
  type BroadcastRecipientsQuery,
  type RecipientStatus,
} from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { escapeLike } from '../../lib/like.js';
import type { RecipientRejected, RecipientRow } from './recipients-parse.js';

/**
 * Rows per INSERT. Each batch is one `unnest` of column arrays (six parameters whatever its
 * size), so the 65,535-parameter limit of a multi-row VALUES never applies; 100,000 recipients
 * are five statements. Measured in broadcasts.test.ts ("inserts 100,000 recipients").
 */
const INSERT_BATCH = 20_000;

/** Recipients of one broadcast, written in batches; contacts linked by their canonical phone. */
async function insertRecipients(
  db: Db,
  target: { accountId: string; channelId: string; broadcastId: string },
  rows: readonly RecipientRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await sql`
      INSERT INTO broadcast_recipients
        (broadcast_id, account_id, channel_id, row_number, phone, params, header_param, contact_id)
      SELECT ${target.broadcastId}::uuid, ${target.accountId}::uuid, ${target.channelId}::uuid,
             r.row_number, r.phone, r.params::jsonb, r.header_param,
             coalesce(r.contact_id, c.id)
      FROM unnest(
        ${batch.map((r) => r.row)}::int[],
        ${batch.map((r) => r.phone)}::text[],
        ${batch.map((r) => r.canonical)}::text[],
        ${batch.map((r) => JSON.stringify(r.params))}::text[],
        ${batch.map((r) => r.header)}::text[],
        ${batch.map((r) => r.contactId ?? null)}::uuid[]
      ) AS r(row_number, phone, canonical, params, header_param, contact_id)
      LEFT JOIN contacts c
        ON r.contact_id IS NULL AND c.account_id = ${target.accountId}::uuid AND c.phone = r.canonical
    `.execute(db);
  }
}

async function insertRejected(
  db: Db,
  broadcastId: string,
  rows: readonly RecipientRejected[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await sql`
      INSERT INTO broadcast_rejected_rows (broadcast_id, row_number, raw, reason)
      SELECT ${broadcastId}::uuid, r.row_number, r.raw::jsonb, r.reason
      FROM unnest(
        ${batch.map((r) => r.row)}::int[],
        ${batch.map((r) => JSON.stringify(r.values))}::text[],
        ${batch.map((r) => r.reason)}::text[]
      ) AS r(row_number, raw, reason)
    `.execute(db);
  }
}

/** Whether the broadcast is the account's: counts read only the recipients index, not rows. */
const owned = (accountId: string, broadcastId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM broadcasts b WHERE b.id = ${broadcastId}::uuid AND b.account_id = ${accountId}::uuid)`;

/**
 * Totals per status by the (broadcast_id, status, id) index, and replies by the partial index of
 * migration 0022, so a result page of a 100,000-recipient broadcast reads no recipient rows.
 */
export async function countRecipients(
  db: Db,
  accountId: string,
  broadcastId: string,
): Promise<BroadcastCounts> {
  const [byStatusRows, repliedRow] = await Promise.all([
    sql<{ status: RecipientStatus; n: number }>`
      SELECT status, count(*)::int AS n FROM broadcast_recipients
      WHERE broadcast_id = ${broadcastId}::uuid AND ${owned(accountId, broadcastId)}
      GROUP BY status`.execute(db),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM broadcast_recipients
      WHERE broadcast_id = ${broadcastId}::uuid AND replied_at IS NOT NULL
        AND ${owned(accountId, broadcastId)}`.execute(db),
  ]);
  return countsOf(byStatusRows.rows, repliedRow.rows[0]?.n ?? 0);
}

/** Counts of several broadcasts at once (a list page), one grouped query each. */
export async function countRecipientsMany(
  db: Db,
  accountId: string,
  broadcastIds: readonly string[],
): Promise<Map<string, BroadcastCounts>> {
  const out = new Map<string, BroadcastCounts>();
  if (broadcastIds.length === 0) return out;
  const ids = sql`${[...broadcastIds]}::uuid[]`;
  const [byStatus, replied] = await Promise.all([
    sql<{ broadcast_id: string; status: RecipientStatus; n: number }>`
      SELECT r.broadcast_id, r.status, count(*)::int AS n FROM broadcast_recipients r
      WHERE r.broadcast_id = ANY(${ids})
        AND r.broadcast_id IN (SELECT id FROM broadcasts WHERE account_id = ${accountId}::uuid)
      GROUP BY r.broadcast_id, r.status`.execute(db),
    sql<{ broadcast_id: string; n: number }>`
      SELECT r.broadcast_id, count(*)::int AS n FROM broadcast_recipients r
      WHERE r.broadcast_id = ANY(${ids}) AND r.replied_at IS NOT NULL
        AND r.broadcast_id IN (SELECT id FROM broadcasts WHERE account_id = ${accountId}::uuid)
      GROUP BY r.broadcast_id`.execute(db),
  ]);
  const repliedBy = new Map(replied.rows.map((r) => [r.broadcast_id, r.n]));
  for (const id of broadcastIds)
    out.set(
      id,
      countsOf(
        byStatus.rows.filter((r) => r.broadcast_id === id),
        repliedBy.get(id) ?? 0,
      ),
    );
  return out;
}

export const emptyCounts = (): BroadcastCounts => countsOf([], 0);

function countsOf(
  rows: { status: RecipientStatus; n: number }[],
  replied: number,
): BroadcastCounts {
  const byStatus = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<
    RecipientStatus,
    number
  >;
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = row.n;
    total += row.n;
  }
  return { total, byStatus, replied };
}

export type RecipientFilter = Pick<BroadcastRecipientsQuery, 'status' | 'replied' | 'searchText'>;

/** One page of a broadcast's recipients in row order, keyset by id (ids follow the row order). */
async function page(
  db: Db,
  accountId: string,
  broadcastId: string,
  filter: RecipientFilter,
  limit: number,
  afterId?: string,
) {
  let q = db
    .selectFrom('broadcast_recipients')
    .select([
      'id',
      'row_number',
      'phone',
      'params',
      'header_param',
      'status',
      'error',
      'sent_at',
      'delivered_at',
      'read_at',
      'failed_at',
      'replied_at',
    ])
    .where('broadcast_id', '=', broadcastId)
    .where('account_id', '=', accountId);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.replied === 'true') q = q.where('replied_at', 'is not', null);
  if (filter.replied === 'false') q = q.where('replied_at', 'is', null);
  if (filter.searchText) {
    // People type phones in any form; compare digits with the stored international digits.
    const digits = filter.searchText.replace(/\D/g, '').replace(/^0/, '');
    q = q.where(sql<boolean>`phone LIKE ${`%${escapeLike(digits || filter.searchText)}%`}`);
  }
  if (afterId) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit).execute();
}

export type RecipientPageRow = Awaited<ReturnType<typeof page>>[number];

async function rejected(db: Db, broadcastId: string) {
  return db
    .selectFrom('broadcast_rejected_rows')
    .select(['row_number', 'raw', 'reason'])
    .where('broadcast_id', '=', broadcastId)
    .orderBy('row_number')
    .execute();
}

export const recipientsRepo = {
  insertRecipients,
  insertRejected,
  page,
  rejected,
};
