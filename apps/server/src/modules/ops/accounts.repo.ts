import { sql, type RawBuilder } from 'kysely';
import type { OpsAccountStatus } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../lib/like.js';

/**
 * The console's read model across accounts. This is the one place that reads every tenant: the
 * operator is the platform, so these queries are scoped by the account the operator chose, not
 * by a caller's account.
 */
export interface OpsAccountDbRow {
  id: string;
  name: string;
  type: 'regular' | 'api_only';
  timezone: string;
  created_at: Date;
  suspended_at: Date | null;
  suspended_reason: string | null;
  admin_email: string | null;
  plan_code: string | null;
  plan_name: string | null;
  status: OpsAccountStatus;
  due_date: Date | null;
  balance: string;
  channels: number;
  usage_this_month: string;
}

/** Every figure of the accounts table, computed per account row `a` at `now`. */
function accountRows(now: Date): RawBuilder<OpsAccountDbRow> {
  // Grace: the account's payment_tolerant_in_day (digits only; anything else counts as none).
  return sql<OpsAccountDbRow>`
    SELECT a.id, a.name, a.type, a.timezone, a.created_at, a.suspended_at, a.suspended_reason,
      (SELECT u.email FROM users u WHERE u.account_id = a.id AND u.role = 'admin'
        ORDER BY (u.status = 'active') DESC, u.created_at LIMIT 1) AS admin_email,
      p.code AS plan_code, p.name AS plan_name,
      CASE
        WHEN a.suspended_at IS NOT NULL THEN 'suspended'
        WHEN s.account_id IS NULL THEN 'none'
        WHEN s.due_date + make_interval(days => coalesce((
          SELECT CASE WHEN st.value ~ '^\\d{1,3}$' THEN st.value::int END FROM settings st
          WHERE st.account_id = a.id AND st.key = 'payment_tolerant_in_day'), 0)) <= ${now}::timestamptz
          THEN 'expired'
        ELSE s.status
      END AS status,
      s.due_date,
      coalesce((SELECT l.balance_after FROM balance_ledger l WHERE l.account_id = a.id
        ORDER BY l.id DESC LIMIT 1), 0)::text AS balance,
      (SELECT count(*) FROM channels c WHERE c.account_id = a.id AND c.deleted_at IS NULL)::int AS channels,
      -- Usage: charges, less the refunds of failed sends (refunds of paid orders are not usage).
      coalesce((SELECT -sum(l.amount) FROM balance_ledger l
        WHERE l.account_id = a.id
          AND l.created_at >= (date_trunc('month', ${now}::timestamptz AT TIME ZONE a.timezone)
            AT TIME ZONE a.timezone)
          AND (l.kind = 'charge' OR (l.kind = 'refund'
            AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id)))), 0)::text
        AS usage_this_month
    FROM accounts a
    LEFT JOIN subscriptions s ON s.account_id = a.id
    LEFT JOIN products p ON p.id = s.product_id`;
}

export const opsAccountsRepo = {
  async list(
    db: Db,
    query: { search?: string; status?: OpsAccountStatus; page: number; perpage: number },
    now: Date,
  ): Promise<{ rows: OpsAccountDbRow[]; total: number }> {
    const search = query.search?.trim();
    const pattern = search ? containsPattern(search) : null;
    const result = await sql<OpsAccountDbRow & { total: number }>`
      WITH listed AS (${accountRows(now)}
        WHERE ${pattern}::text IS NULL
          OR a.name ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id AND u.email ILIKE ${pattern})
          OR a.id::text = ${search ?? ''})
      SELECT *, count(*) OVER ()::int AS total FROM listed
      WHERE ${query.status ?? null}::text IS NULL OR status = ${query.status ?? null}
      ORDER BY created_at DESC, id
      LIMIT ${query.perpage} OFFSET ${(query.page - 1) * query.perpage}`.execute(db);
    const total = result.rows[0]?.total ?? (query.page > 1 ? await this.count(db, query, now) : 0);
    return { rows: result.rows, total };
  },

  /** Only for a page past the end, where the window count has no row to ride on. */
  async count(
    db: Db,
    query: { search?: string; status?: OpsAccountStatus },
    now: Date,
  ): Promise<number> {
    const found = await this.list(db, { ...query, page: 1, perpage: 1 }, now);
    return found.total;
  },

  async find(db: Db, accountId: string, now: Date): Promise<OpsAccountDbRow | undefined> {
    const result = await sql<OpsAccountDbRow>`
      ${accountRows(now)} WHERE a.id = ${accountId}`.execute(db);
    return result.rows[0];
  },

  /** The account an admin's email names (the CLI's way of pointing at an account). */
  findByAdminEmail(db: Db, email: string) {
    return db
      .selectFrom('users')
      .select(['account_id', 'email'])
      .where('email', '=', email.trim().toLowerCase())
      .where('role', '=', 'admin')
      .executeTakeFirst();
  },

  subscription(db: Db, accountId: string) {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select([
        's.status',
        's.billing_period',
        's.billing_amount',
        's.due_date',
        'p.code',
        'p.name',
      ])
      .where('s.account_id', '=', accountId)
      .executeTakeFirst();
  },

  ledger(db: Db, accountId: string, limit: number) {
    return db
      .selectFrom('balance_ledger as l')
      .leftJoin('operators as o', 'o.id', 'l.operator_id')
      .select([
        'l.id',
        'l.kind',
        'l.amount',
        'l.balance_after',
        'l.description',
        'l.order_id',
        'l.created_at',
        'o.email as operator_email',
      ])
      .where('l.account_id', '=', accountId)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  },

  invoices(db: Db, accountId: string, limit: number) {
    return db
      .selectFrom('invoices')
      .select(['id', 'number', 'order_id', 'issued_at', 'total', 'ppn', 'tax_invoice_number'])
      .where('account_id', '=', accountId)
      .orderBy('issued_at', 'desc')
      .limit(limit)
      .execute();
  },

  audit(db: Db, accountId: string, limit: number) {
    return db
      .selectFrom('ops_audit_log as a')
      .leftJoin('operators as o', 'o.id', 'a.operator_id')
      .select([
        'a.id',
        'a.via',
        'a.action',
        'a.detail',
        'a.created_at',
        'o.email as operator_email',
      ])
      .where('a.account_id', '=', accountId)
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  },

  setSuspension(db: Db, accountId: string, at: Date | null, reason: string | null, now: Date) {
    return db
      .updateTable('accounts')
      .set({ suspended_at: at, suspended_reason: reason, updated_at: now })
      .where('id', '=', accountId)
      .execute();
  },

  /** Ends every live sign-in of the account's users; the rows go to `SessionSignals.ended`. */
  revokeAccountSessions(db: Db, accountId: string, now: Date) {
    return db
      .updateTable('auth_sessions')
      .set({ revoked_at: now, revoked_reason: 'account_suspended' })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'user_id'])
      .execute();
  },

  lockSubscription(db: Db, accountId: string) {
    return db
      .selectFrom('subscriptions')
      .select(['due_date'])
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
  },

  setDueDate(db: Db, accountId: string, dueDate: Date, now: Date) {
    return db
      .updateTable('subscriptions')
      .set({ due_date: dueDate, updated_at: now })
      .where('account_id', '=', accountId)
      .execute();
  },
};
