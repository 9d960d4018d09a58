import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import { subscriptionStanding } from '../plans/standing.js';

/** Where the account stands with its plan, as the plans module defines it. */
export interface PlanStanding {
  status: 'active' | 'trial' | 'expired' | 'none';
  dueDate: Date | null;
}

/**
 * The one place pricing asks about the plan: the plans module's standing, where `expired` starts
 * at the end of the grace (`payment_tolerant_in_day` after the due date), the same instant the web
 * guard closes the app.
 */
export async function planStanding(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
): Promise<PlanStanding> {
  const standing = await subscriptionStanding(deps, accountId);
  return { status: standing.status, dueDate: standing.dueDate };
}

/** Suspension, balance and the alert threshold of an account, in one statement. */
export async function accountFacts(
  db: Db,
  accountId: string,
): Promise<{ suspended: boolean; saldo: number; threshold: number | null } | null> {
  const { rows } = await sql<{
    suspended: boolean;
    saldo: string;
    threshold: string | null;
  }>`
    SELECT a.suspended_at IS NOT NULL AS suspended,
           coalesce((SELECT balance_after FROM balance_ledger
                     WHERE account_id = a.id ORDER BY id DESC LIMIT 1), 0) AS saldo,
           (SELECT low_balance_threshold FROM billing_profiles WHERE account_id = a.id) AS threshold
    FROM accounts a WHERE a.id = ${accountId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    suspended: row.suspended,
    saldo: Number(row.saldo),
    threshold: row.threshold === null ? null : Number(row.threshold),
  };
}
