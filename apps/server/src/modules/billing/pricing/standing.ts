import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * Suspension, balance and the alert threshold of an account, in one statement: maySend runs
 * before every send, so the balance is read here beside the rest rather than through a second
 * round trip to the ledger repository (the same row `balance_after` it would read).
 */
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
