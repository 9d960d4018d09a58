import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@sapa/contracts';
import type { Transaction } from 'kysely';
import type { Deps } from '../../../deps.js';
import type { Database } from '../../../db/schema.js';
import { isSendRefusal, noteBalanceChanged } from '../../billing/pricing/index.js';
import { loadChannel, whatsappConfigOf, type LoadedChannel } from '../../channels/index.js';
import { channelOff } from '../channel-state.js';
import { chargeSends, refundSends, unitPriceCents } from './charge.js';
import { paceShape, type EngineOptions } from './options.js';
import { Pacer } from '../../../lib/pacer.js';
import { completeIfDone, emitProgress, progressThrottle } from './progress.js';
import {
  engineRepo,
  type ClaimedRecipient,
  type SendingBroadcast,
  type SendResult,
} from './repo.js';
import { callbackDataOf, classify, templateFor, uploadHeaderMedia } from './send.js';

export type LaneOutcome = 'busy' | 'not-running' | 'handed-over' | 'waiting' | 'drained';

interface LaneContext {
  deps: Deps;
  o: EngineOptions;
  b: SendingBroadcast;
  channel: LoadedChannel;
  cents: number;
  headerMediaId: string | null;
  /** Recipients one claim takes. */
  batch: number;
  pacer: Pacer;
  /** Batches launched and not yet recorded: all are recorded before the lease is let go. */
  recording: Set<Promise<void>>;
  /** Meta looked unreachable: no claims until then (epoch ms). */
  pausedUntil: number;
  /** A batch could not be recorded: the lane stops and its job fails (pg-boss retries it). */
  failure: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Enqueues every lane of a broadcast (in the caller's transaction when given). */
export async function kickLanes(
  deps: Deps,
  broadcastId: string,
  o: Pick<EngineOptions, 'lanes'>,
  trx?: Transaction<Database>,
  startAfterSeconds?: number,
): Promise<void> {
  for (let slot = 0; slot < o.lanes; slot++)
    await deps.jobs.enqueue(
      'broadcast.send',
      { broadcastId, slot },
      startAfterSeconds ? { startAfterSeconds } : {},
      trx,
    );
}

/**
 * One job run of a sending lane: holds the lane's lease, then runs `pipelines` loops that each
 * claim a batch of recipients (charging them) as the lane's pacer has room, start their sends on
 * the channel's shared grid of slots (pacer.ts) and, once all are answered, record the outcomes
 * in one statement, while the loop already claims the next batch. Ends when the broadcast stops
 * running, nothing is claimable, or the time slice is over — then a successor job is queued if
 * work remains, so no job outlives pg-boss's expiry.
 */
export async function runLane(
  deps: Deps,
  broadcastId: string,
  slot: number,
  o: EngineOptions,
): Promise<LaneOutcome> {
  const holder = randomUUID();
  const lease = () => {
    const now = deps.clock.now();
    return engineRepo.acquireLease(
      deps.db,
      broadcastId,
      slot,
      holder,
      now,
      new Date(now.getTime() - o.leaseStaleMs),
    );
  };
  if (!(await lease())) return 'busy';
  let next: Next = { outcome: 'not-running' };
  try {
    next = await sendWhileHeld(deps, broadcastId, o, slot, lease);
  } finally {
    await engineRepo.releaseLease(deps.db, broadcastId, slot, holder);
  }
  // The successor is queued only once the lease is free, or it would find the lane taken.
  if (next.successorAfterSeconds !== undefined)
    await deps.jobs.enqueue(
      'broadcast.send',
      { broadcastId, slot },
      next.successorAfterSeconds > 0 ? { startAfterSeconds: next.successorAfterSeconds } : {},
    );
  return next.outcome;
}

interface Next {
  outcome: LaneOutcome;
  /** Queue the lane's next job, after this many seconds (0: at once). */
  successorAfterSeconds?: number;
}

async function sendWhileHeld(
  deps: Deps,
  broadcastId: string,
  o: EngineOptions,
  slot: number,
  lease: () => Promise<boolean>,
): Promise<Next> {
  const b = await engineRepo.loadSending(deps.db, broadcastId);
  if (!b || b.status !== 'running') return { outcome: 'not-running' };
  const off = channelOff(b);
  if (off) {
    await pauseWithReason(deps, b.id, off.message);
    return { outcome: 'not-running' };
  }
  const channel = await loadChannel(deps, b.channel_id);
  const config = channel && whatsappConfigOf(channel);
  if (!channel || !config) return { outcome: 'not-running' };
  const { batch, maxInFlight } = paceShape(b.broadcast_rate, o);
  const reserve = async (count: number) =>
    (await engineRepo.reserveSlots(deps.db, b.channel_id, count, b.broadcast_rate)).waitMs;
  const ctx: LaneContext = {
    deps,
    o,
    b,
    channel,
    cents: await unitPriceCents(deps, b.account_id),
    headerMediaId: await uploadHeaderMedia(deps, b, config),
    batch,
    pacer: new Pacer(reserve, b.broadcast_rate, maxInFlight),
    recording: new Set(),
    pausedUntil: 0,
    failure: null,
  };
  const until = Date.now() + o.sliceMs;
  let lost = false;
  let lastRenew = Date.now();
  const loop = async () => {
    for (;;) {
      if (lost || ctx.failure || Date.now() > until) return;
      if (Date.now() - lastRenew > 1000) {
        lastRenew = Date.now();
        if (!(await lease())) {
          lost = true;
          return;
        }
      }
      // Short naps, so the lease is still renewed while Meta is out of reach.
      const paused = ctx.pausedUntil - Date.now();
      if (paused > 0) {
        await sleep(Math.min(paused, 1000));
        continue;
      }
      const step = await sendStep(ctx);
      if (step === 'empty' || step === 'stopped') return;
    }
  };
  await Promise.all(Array.from({ length: o.pipelines }, loop));
  await Promise.all([...ctx.recording]);
  if (ctx.failure) throw ctx.failure;
  if (lost) return { outcome: 'busy' };
  return afterRun(ctx, Date.now() > until);
}

/** Decides what follows a lane run: a successor now, one when a back-off ends, or completion. */
async function afterRun(ctx: LaneContext, sliceOver: boolean): Promise<Next> {
  const { deps, b } = ctx;
  const now = deps.clock.now();
  const current = await engineRepo.state(deps.db, b.id);
  if (current?.status !== 'running') return { outcome: 'not-running' };
  // Disconnected during the run: the claims stopped; the broadcast waits for a reconnect.
  const off = channelOff(current);
  if (off) {
    await pauseWithReason(deps, b.id, off.message);
    return { outcome: 'not-running' };
  }
  const pending = await engineRepo.pending(deps.db, b.id, now);
  if (pending.claimable || sliceOver) return { outcome: 'handed-over', successorAfterSeconds: 0 };
  if (pending.nextDelayedAt) {
    const wait = Math.ceil((pending.nextDelayedAt.getTime() - now.getTime()) / 1000);
    return { outcome: 'waiting', successorAfterSeconds: Math.max(1, wait) };
  }
  // Rows still 'sending' belong to another lane or are in doubt: the sweep completes it later.
  if (!pending.inFlight) await completeIfDone(deps, b.id, now);
  return { outcome: 'drained' };
}

/**
 * One batch: claims up to the room the pacer has, starts the sends on their slots and returns
 * once the last has started ('sent'), leaving their outcomes to be recorded when they come.
 * 'empty': nothing to claim; 'stopped': paused for want of balance.
 */
async function sendStep(ctx: LaneContext): Promise<'sent' | 'empty' | 'stopped'> {
  const { deps, b, pacer } = ctx;
  const places = await pacer.acquire(ctx.batch);
  const claimedAt = deps.clock.now();
  let claimed;
  try {
    claimed = await deps.db.transaction().execute(async (trx) => {
      const rows = await engineRepo.claim(trx, b.id, places, claimedAt);
      const orderId = `broadcast:${b.id}:claim:${randomUUID()}`;
      await chargeSends(deps, trx, b.account_id, b.id, orderId, ctx.cents, rows.length);
      return rows;
    });
  } catch (err) {
    pacer.release(places);
    if (isSendRefusal(err)) {
      await pauseWithReason(deps, b.id, err.message);
      return 'stopped';
    }
    throw err;
  }
  if (claimed.length > 0) noteBalanceChanged(deps, b.account_id);
  pacer.release(places - claimed.length);
  if (claimed.length === 0) return 'empty';

  const { open } = ctx.channel;
  const { outcomes } = await pacer.launch(claimed, async (r): Promise<SendOutcome> => {
    try {
      // A template goes out whatever the window: no facts about the customer are needed.
      const { providerMessageId } = await open.send(
        {
          type: 'template',
          to: r.phone,
          template: templateFor(b, r, ctx.headerMediaId),
          callbackData: callbackDataOf(r.id),
        },
        { lastInboundAt: null, now: claimedAt, author: 'automatic', humanAgentExtension: false },
      );
      return { wamid: providerMessageId };
    } catch (error) {
      return { error };
    }
  });
  const recorded = outcomes
    .then((o) => recordBatch(ctx, claimed, o, claimedAt))
    .catch((err: unknown) => {
      ctx.failure ??= err;
    })
    .finally(() => ctx.recording.delete(recorded));
  ctx.recording.add(recorded);
  return 'sent';
}

type SendOutcome = { wamid: string } | { error: unknown };

/** Records a batch's outcomes in one statement, refunding what Meta did not accept. */
async function recordBatch(
  ctx: LaneContext,
  claimed: ClaimedRecipient[],
  outcomes: SendOutcome[],
  claimedAt: Date,
): Promise<void> {
  const { deps, o, b } = ctx;
  const done = deps.clock.now();
  const results = claimed
    .map((r, i) => classify(r, outcomes[i]!, done))
    .filter((x): x is SendResult => x !== null);
  const refused = await deps.db.transaction().execute(async (trx) => {
    const refused = await engineRepo.record(trx, claimedAt, done, results);
    const orderId = `broadcast:${b.id}:refund:${randomUUID()}`;
    await refundSends(deps, trx, b.account_id, b.id, orderId, ctx.cents, refused);
    return refused;
  });
  if (refused > 0) noteBalanceChanged(deps, b.account_id);
  progressThrottle(deps).touch(b.id);
  // Most of the batch got no answer (Meta unreachable): stop claiming for a while rather than
  // leave, in doubt, everything that is left while the outage lasts.
  if (claimed.length - results.length > claimed.length / 2)
    ctx.pausedUntil = Date.now() + o.unreachablePauseMs;
}

/**
 * Stops claiming and says why: the balance ran out mid-run (or the plan or account stopped
 * sending), or the channel was disconnected. Resuming starts it again once the cause is gone.
 */
export async function pauseWithReason(
  deps: Deps,
  broadcastId: string,
  reason: string = MESSAGES.insufficientBalance,
): Promise<void> {
  const now = deps.clock.now();
  const res = await deps.db
    .updateTable('broadcasts')
    .set({ status: 'paused', pause_reason: reason, updated_at: now })
    .where('id', '=', broadcastId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) await emitProgress(deps, broadcastId);
}
