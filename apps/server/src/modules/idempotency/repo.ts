import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface IdempotencyScope {
  accountId: string;
  /** `identityKey(identityOf(principal))`. */
  caller: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export type ClaimOutcome =
  | { outcome: 'run' }
  | { outcome: 'replay'; answer: StoredAnswer }
  | { outcome: 'running' }
  | { outcome: 'mismatch' };

const PURGE_BATCH = 5_000;

/**
 * The SQL of `idempotency_keys`; every statement is scoped by account and caller. The claim is
 * one INSERT … ON CONFLICT: PostgreSQL makes a second inserter of the same key wait for the first
 * and then take the conflict branch, so however many processes race, one claim wins.
 */
export const idempotencyRepo = {
  async claim(
    db: Db,
    scope: IdempotencyScope,
    claim: {
      claimId: string;
      requestHash: string;
      now: Date;
      expiresAt: Date;
      /** A running claim older than this is taken to belong to a process that died. */
      staleBefore: Date;
    },
  ): Promise<ClaimOutcome> {
    // A row in the way only moves when it has expired (the purge has not reached it yet) or is a
    // stale run of the same request; anything else is answered from the row as it stands.
    const won = await sql<{ claim_id: string }>`
      INSERT INTO idempotency_keys AS k
        (account_id, caller, key, request_hash, claim_id, state, claimed_at, expires_at)
      VALUES (${scope.accountId}, ${scope.caller}, ${scope.key}, ${claim.requestHash},
        ${claim.claimId}, 'running', ${claim.now}, ${claim.expiresAt})
      ON CONFLICT (account_id, caller, key) DO UPDATE SET
        request_hash = EXCLUDED.request_hash, claim_id = EXCLUDED.claim_id, state = 'running',
        claimed_at = EXCLUDED.claimed_at, expires_at = EXCLUDED.expires_at,
        response_status = NULL, response_type = NULL, response_body = NULL
      WHERE k.expires_at <= ${claim.now}
        OR (k.state = 'running' AND k.claimed_at <= ${claim.staleBefore}
          AND k.request_hash = EXCLUDED.request_hash)
      RETURNING claim_id`.execute(db);
    if (won.rows[0]?.claim_id === claim.claimId) return { outcome: 'run' };

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'response_status', 'response_type', 'response_body'])
      .where('account_id', '=', scope.accountId)
      .where('caller', '=', scope.caller)
      .where('key', '=', scope.key)
      .executeTakeFirst();
    // Released (a 5xx) or purged between the two statements: the caller claims again.
    if (!row) return this.claim(db, scope, claim);
    if (row.request_hash !== claim.requestHash) return { outcome: 'mismatch' };
    if (row.state === 'running' || row.response_status === null) return { outcome: 'running' };
    return {
      outcome: 'replay',
      answer: {
        status: row.response_status,
        contentType: row.response_type,
        body: row.response_body ?? '',
      },
    };
  },

  /** Keeps the answer, if this execution still holds the key. */
  async complete(
    db: Db,
    scope: IdempotencyScope,
    claimId: string,
    answer: StoredAnswer,
  ): Promise<boolean> {
    const result = await db
      .updateTable('idempotency_keys')
      .set({
        state: 'done',
        response_status: answer.status,
        response_type: answer.contentType,
        response_body: answer.body,
      })
      .where('account_id', '=', scope.accountId)
      .where('caller', '=', scope.caller)
      .where('key', '=', scope.key)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Gives the key back (the answer is not kept), if this execution still holds it. */
  async release(db: Db, scope: IdempotencyScope, claimId: string): Promise<void> {
    await db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', scope.accountId)
      .where('caller', '=', scope.caller)
      .where('key', '=', scope.key)
      .where('claim_id', '=', claimId)
      .execute();
  },

  /** Expired keys, in batches so one purge never holds a long lock. Returns how many went. */
  async purgeExpired(db: Db, now: Date): Promise<number> {
    let total = 0;
    for (let n = PURGE_BATCH; n === PURGE_BATCH;) {
      const result = await sql`
        DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM idempotency_keys WHERE expires_at <= ${now} LIMIT ${PURGE_BATCH}))`.execute(
        db,
      );
      n = Number(result.numAffectedRows ?? 0n);
      total += n;
    }
    return total;
  },
};
