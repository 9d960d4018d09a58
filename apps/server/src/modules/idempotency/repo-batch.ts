import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  idempotencyRepo,
  type ClaimOutcome,
  type IdempotencyScope,
  type StoredAnswer,
} from './repo.js';

/**
 * The claims and the answers of one event-loop turn, each in one statement (issue 19: 1,000
 * keyed sends a second). A claim per request was two commits per send (claim, then answer) on
 * top of the send's own. The guarantees are the single claim's (repo.ts): one INSERT … ON
 * CONFLICT decides every key of the batch, and PostgreSQL still makes a racing inserter of the
 * same key, in this process or another, wait for it and take the conflict branch.
 */
export interface ClaimItem {
  scope: IdempotencyScope;
  claimId: string;
  requestHash: string;
  now: Date;
  expiresAt: Date;
}

export interface FinishItem {
  scope: IdempotencyScope;
  claimId: string;
  /** The answer to keep, or null to give the key back. */
  answer: StoredAnswer | null;
}

const scopeId = (s: IdempotencyScope) => `${s.accountId}\u0000${s.caller}\u0000${s.key}`;

interface KeyRow {
  account_id: string;
  caller: string;
  key: string;
  request_hash: string;
  state: string;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
}

/** What a request that did not win its key gets, from the row as it stands (as in repo.claim). */
function outcomeOf(row: KeyRow, requestHash: string): ClaimOutcome {
  if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
  if (row.state === 'running' || row.response_status === null) return { outcome: 'running' };
  return {
    outcome: 'replay',
    answer: {
      status: row.response_status,
      contentType: row.response_type,
      body: row.response_body ?? '',
    },
  };
}

/**
 * Claims every item's key at once. Two requests of the batch under one key are one claim: the
 * first goes into the INSERT, the second is answered from the row like any other loser (409
 * while the first runs, 422 for another body), as it would be a moment later on its own.
 */
export async function claimMany(
  db: Db,
  items: ClaimItem[],
  staleSeconds: number,
): Promise<ClaimOutcome[]> {
  const firsts = new Map<string, ClaimItem>();
  for (const item of items)
    if (!firsts.has(scopeId(item.scope))) firsts.set(scopeId(item.scope), item);
  // In key order, so two batches inserting the same keys wait on each other in the same order.
  const rows = [...firsts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, i]) => i);
  const won = await sql<{ claim_id: string }>`
    INSERT INTO idempotency_keys AS k
      (account_id, caller, key, request_hash, claim_id, state, claimed_at, expires_at)
    SELECT v.account_id, v.caller, v.key, v.request_hash, v.claim_id, 'running', v.now, v.expires_at
    FROM unnest(${rows.map((r) => r.scope.accountId)}::uuid[], ${rows.map((r) => r.scope.caller)}::text[],
      ${rows.map((r) => r.scope.key)}::text[], ${rows.map((r) => r.requestHash)}::text[],
      ${rows.map((r) => r.claimId)}::uuid[], ${rows.map((r) => r.now)}::timestamptz[],
      ${rows.map((r) => r.expiresAt)}::timestamptz[])
      AS v(account_id, caller, key, request_hash, claim_id, now, expires_at)
    ON CONFLICT (account_id, caller, key) DO UPDATE SET
      request_hash = EXCLUDED.request_hash, claim_id = EXCLUDED.claim_id, state = 'running',
      claimed_at = EXCLUDED.claimed_at, expires_at = EXCLUDED.expires_at,
      response_status = NULL, response_type = NULL, response_body = NULL
    WHERE k.expires_at <= EXCLUDED.claimed_at
      OR (k.state = 'running'
        AND k.claimed_at <= EXCLUDED.claimed_at - make_interval(secs => ${staleSeconds})
        AND k.request_hash = EXCLUDED.request_hash)
    RETURNING claim_id::text AS claim_id`.execute(db);
  const winners = new Set(won.rows.map((r) => r.claim_id));

  const losers = items.filter((i) => !winners.has(i.claimId));
  const standing = new Map<string, KeyRow>();
  if (losers.length > 0) {
    const found = await sql<KeyRow>`
      SELECT k.account_id::text AS account_id, k.caller, k.key, k.request_hash, k.state,
        k.response_status, k.response_type, k.response_body
      FROM idempotency_keys k
      JOIN unnest(${losers.map((r) => r.scope.accountId)}::uuid[],
        ${losers.map((r) => r.scope.caller)}::text[], ${losers.map((r) => r.scope.key)}::text[])
        AS v(account_id, caller, key)
        ON k.account_id = v.account_id AND k.caller = v.caller AND k.key = v.key`.execute(db);
    for (const row of found.rows)
      standing.set(scopeId({ accountId: row.account_id, caller: row.caller, key: row.key }), row);
  }
  return Promise.all(
    items.map((item) => {
      if (winners.has(item.claimId)) return { outcome: 'run' } as const;
      const row = standing.get(scopeId(item.scope));
      if (row) return outcomeOf(row, item.requestHash);
      // Released (a 5xx) or purged between the two statements: claimed again on its own.
      return idempotencyRepo.claim(db, item.scope, {
        claimId: item.claimId,
        requestHash: item.requestHash,
        now: item.now,
        expiresAt: item.expiresAt,
        staleBefore: new Date(item.now.getTime() - staleSeconds * 1000),
      });
    }),
  );
}

/**
 * Keeps every answer of the batch (or gives its key back), each only if its execution still
 * holds the key (the claim id). Whether each answer was kept.
 */
export async function finishMany(db: Db, items: FinishItem[]): Promise<boolean[]> {
  const keep = items.filter((i) => i.answer !== null);
  const give = items.filter((i) => i.answer === null);
  const [kept] = await Promise.all([
    keep.length === 0
      ? Promise.resolve(new Set<string>())
      : sql<{ claim_id: string }>`
          UPDATE idempotency_keys AS k SET state = 'done', response_status = v.status,
            response_type = v.type, response_body = v.body
          FROM unnest(${keep.map((r) => r.scope.accountId)}::uuid[],
            ${keep.map((r) => r.scope.caller)}::text[], ${keep.map((r) => r.scope.key)}::text[],
            ${keep.map((r) => r.claimId)}::uuid[], ${keep.map((r) => r.answer!.status)}::int[],
            ${keep.map((r) => r.answer!.contentType)}::text[], ${keep.map((r) => r.answer!.body)}::text[])
            AS v(account_id, caller, key, claim_id, status, type, body)
          WHERE k.account_id = v.account_id AND k.caller = v.caller AND k.key = v.key
            AND k.claim_id = v.claim_id
          RETURNING k.claim_id::text AS claim_id`
          .execute(db)
          .then((r) => new Set(r.rows.map((row) => row.claim_id))),
    give.length === 0
      ? Promise.resolve()
      : sql`
          DELETE FROM idempotency_keys AS k
          USING unnest(${give.map((r) => r.scope.accountId)}::uuid[],
            ${give.map((r) => r.scope.caller)}::text[], ${give.map((r) => r.scope.key)}::text[],
            ${give.map((r) => r.claimId)}::uuid[]) AS v(account_id, caller, key, claim_id)
          WHERE k.account_id = v.account_id AND k.caller = v.caller AND k.key = v.key
            AND k.claim_id = v.claim_id`.execute(db),
  ]);
  return items.map((i) => i.answer === null || kept.has(i.claimId));
}
