import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ACCESS_MESSAGES, IDEMPOTENCY_TTL_HOURS, idempotencyKeySchema } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import { identityKey, identityOf } from '../auth/caller.js';
import type { Db } from '../../db/database.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';
import type { ClaimOutcome, IdempotencyScope } from './repo.js';
import { claimMany, finishMany, type ClaimItem, type FinishItem } from './repo-batch.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored first answer, not a new execution. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/**
 * A claim still "running" after this long belongs to a process that died (no request of ours
 * runs for a minute: sends and creates answer once their rows commit, the work after is jobs),
 * so a retry takes it over and runs the request again rather than answering 409 for 24 h.
 */
export const STALE_CLAIM_SECONDS = 60;

/** What a retry of a create whose answer held a secret gets: never the secret itself. */
const SECRET_SHOWN = {
  status: 409,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({
    statusCode: 409,
    error: 'Conflict',
    message: API_ACCESS_MESSAGES.idempotencySecretShown,
    code: 'IDEMPOTENCY_SECRET_SHOWN',
  }),
};

interface Held {
  scope: IdempotencyScope;
  claimId: string;
}

const held = new WeakMap<FastifyRequest, Held>();

/** Claims (and answers) per batch; batches at once, so a burst leaves the pool room for sends. */
const MAX_BATCH = 200;
const MAX_IN_FLIGHT = 4;

interface Batchers {
  claims: TurnBatcher<ClaimItem, ClaimOutcome>;
  finishes: TurnBatcher<FinishItem, boolean>;
}

// One pair per database (tests run several apps in one process).
const batchers = new WeakMap<Db, Batchers>();

/**
 * The claims and answers of one event-loop turn go to the database together (repo-batch.ts).
 * Every request is its own item: two under one key are told apart by claimMany, never merged.
 */
function batchersFor(db: Db): Batchers {
  let b = batchers.get(db);
  if (!b) {
    const own = (item: { claimId: string }) => item.claimId;
    b = {
      claims: new TurnBatcher<ClaimItem, ClaimOutcome>(
        MAX_BATCH,
        (items) => claimMany(db, items, STALE_CLAIM_SECONDS),
        own,
        () => false,
        (chosen) => chosen,
        MAX_IN_FLIGHT,
      ),
      finishes: new TurnBatcher<FinishItem, boolean>(
        MAX_BATCH,
        (items) => finishMany(db, items),
        own,
        () => false,
        (chosen) => chosen,
        MAX_IN_FLIGHT,
      ),
    };
    batchers.set(db, b);
  }
  return b;
}

/**
 * Which answers are kept for a retry. A 5xx is not: our writes run in one transaction, so a 5xx
 * means nothing committed and the retry must run again (keeping it would turn one passing fault
 * into 24 h of the same error). Nor are the answers that say "not now" rather than what this
 * request does: 429 (slow down) and 402 (top up or renew, then retry the same send). Every other
 * answer, a 4xx refusal included, is what this request gets for 24 h.
 */
export function keepsAnswer(status: number): boolean {
  return status < 500 && status !== 429 && status !== 402;
}

/**
 * `Idempotency-Key` on the routes whose config says `idempotent: true` (issue 19 §3). Runs after
 * the caller is known (onRequest) and before the body is validated, so the key is scoped by
 * account and caller and the hash covers the body as sent.
 */
export function registerIdempotency(app: App, deps: Deps): void {
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.idempotent || !request.principal) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
    if (!key.success)
      throw badRequest(API_ACCESS_MESSAGES.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID');

    const principal = request.principal;
    const scope: IdempotencyScope = {
      accountId: principal.accountId,
      caller: identityKey(identityOf(principal)),
      key: key.data,
    };
    const now = deps.clock.now();
    const claimId = randomUUID();
    const result = await batchersFor(deps.db).claims.submit({
      scope,
      claimId,
      requestHash: requestHash(request),
      now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000),
    });
    switch (result.outcome) {
      case 'run':
        held.set(request, { scope, claimId });
        return;
      case 'mismatch':
        throw new AppError(422, API_ACCESS_MESSAGES.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      case 'running':
        reply.header('retry-after', '1');
        throw conflict(API_ACCESS_MESSAGES.idempotencyKeyInProgress, 'IDEMPOTENCY_KEY_IN_PROGRESS');
      case 'replay': {
        const { answer } = result;
        reply.code(answer.status).header(REPLAYED_HEADER, 'true');
        if (answer.contentType) reply.header('content-type', answer.contentType);
        return replay(reply, answer.body);
      }
    }
  });

  // Before the answer leaves: a retry that arrives the moment the client has it must find it.
  app.addHook('onSend', async (request, reply, payload) => {
    const holding = held.get(request);
    if (!holding) return payload;
    held.delete(request);
    const body = storable(payload);
    const type = reply.getHeader('content-type');
    const answer =
      body === null || !keepsAnswer(reply.statusCode)
        ? null
        : request.routeOptions.config.answerHoldsSecret && reply.statusCode < 300
          ? SECRET_SHOWN
          : {
              status: reply.statusCode,
              contentType: typeof type === 'string' ? type : null,
              body,
            };
    try {
      // Kept (or given back) with the other answers of this turn, before this one leaves.
      await batchersFor(deps.db).finishes.submit({ ...holding, answer });
    } catch (err) {
      // The request's own work is done and committed: answer it. The claim, left running, is
      // taken over as stale after STALE_CLAIM_SECONDS.
      request.log.error({ err }, 'could not keep the idempotent answer');
    }
    return payload;
  });
}

function replay(reply: FastifyReply, body: string): FastifyReply {
  // A JSON content type with a string payload is sent as it is, not serialised again.
  return reply.send(body);
}

/** The answer as text, or null when it is not a body we can keep (a stream). */
function storable(payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/** Method, path with query, and the body as parsed from the wire (before the contract's cleanup). */
export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}
