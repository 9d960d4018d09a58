import type { Deps } from '../../../deps.js';
import type { JobPayloads } from '../../../jobs/definitions.js';
import { backoffSeconds } from '../../../jobs/definitions.js';
import { ProviderError, type ProviderErrorInfo } from '../../../channels/types.js';
import { ChannelConfigError } from '../../../channels/registry.js';
import type { SentMessage } from '../../../channels/port.js';
import { giveWayToAccepts } from '../../../lib/accept-gate.js';
import { Pacer } from '../../../lib/pacer.js';
import { reserveSendSlots } from '../../../lib/send-grid.js';
import { loadChannel, type LoadedChannel } from '../../channels/index.js';
import { wakeLinkedOutbox } from '../linked/outbox.js';
import { sendDrainRepo } from './send-drain.repo.js';
import { markSentMany, type AcceptedSend } from './send-marks.js';
import {
  fail,
  failOnRefusal,
  keepUpload,
  loadSendingMany,
  MAX_SEND_ATTEMPTS,
  outgoingOf,
  windowFactsOf,
  type LoadedSending,
} from './send-message.job.js';

/**
 * A claim older than this whose message is still queued belongs to a worker that died between
 * calling the provider and recording its answer. Longer than a job may live (pg-boss expires one
 * after 120 s), so a slow but living worker is never overtaken.
 */
export const SEND_IN_DOUBT_AFTER_MS = 180_000;
/** Sends one job keeps waiting for their slot or for the provider (per channel). */
const MAX_IN_FLIGHT = 200;
/** The longest a batch gives way to accepts: well inside pg-boss's 120 s expiry of its job. */
const GIVE_WAY_MAX_MS = 20_000;
/** In-doubt messages failed per sweep run. */
const SWEEP_LIMIT = 500;

export const SEND_IN_DOUBT: ProviderErrorInfo = {
  code: null,
  title: 'Sending interrupted',
  message:
    'Sapa stopped while sending this message, so it may or may not have reached the customer. Check with the customer before sending it again.',
};

type Outcome = { sent: SentMessage } | { error: unknown };

/** The message ids of a `message.send` job (one, or a stored batch's). */
export function sendJobIds(data: JobPayloads['message.send']): number[] {
  const ids = 'messageIds' in data ? data.messageIds : [data.messageId];
  return [...new Set(ids.map(Number))];
}

/** The job for `ids` at `attempt`: the one-message shape for one, so single sends look as before. */
function sendJobOf(ids: number[], attempt: number): JobPayloads['message.send'] {
  return ids.length === 1
    ? { messageId: String(ids[0]), attempt }
    : { messageIds: ids.map(String), attempt };
}

/**
 * Sends a job's queued messages through their channels' ports. Each message is claimed first
 * (one statement for the batch: a retried or duplicated job finds it taken and sends nothing);
 * the sends of each channel start on the channel's pacing grid, shared with broadcasts, so
 * together they stay within the number's throughput, and run side by side; the accepted ones are
 * marked sent together. Retryable refusals are released and retried together with jittered
 * backoff; permanent ones (a closed window among them) fail the message and tell the agent why.
 * A linked number's messages are only woken here: the process holding its session drains them.
 */
export async function runSendMessageJob(
  deps: Deps,
  data: JobPayloads['message.send'],
): Promise<void> {
  const ids = sendJobIds(data);
  // A stored batch of API sends waits while this process is saturated accepting more (a
  // person's single send never does); nothing is claimed while it waits.
  if ('messageIds' in data) await giveWayToAccepts(GIVE_WAY_MAX_MS);
  const claimed = await sendDrainRepo.claim(deps.db, ids, deps.clock.now());
  if (claimed.length < ids.length) {
    const rest = ids.filter((id) => !claimed.includes(id));
    for (const channelId of await sendDrainRepo.linkedChannels(deps.db, rest))
      wakeLinkedOutbox(deps, channelId);
  }
  if (claimed.length === 0) return;
  const byChannel = new Map<string, LoadedSending[]>();
  for (const msg of await loadSendingMany(deps, claimed)) {
    const group = byChannel.get(msg.channel_id) ?? [];
    group.push(msg);
    byChannel.set(msg.channel_id, group);
  }
  await Promise.all(
    [...byChannel].map(([channelId, msgs]) => sendChannel(deps, channelId, msgs, data.attempt)),
  );
}

async function sendChannel(
  deps: Deps,
  channelId: string,
  msgs: LoadedSending[],
  attempt: number,
): Promise<void> {
  const channel = await loadChannel(deps, channelId).catch((err: unknown) => {
    // A stored config its port refuses cannot send: fail the messages rather than retry forever.
    if (err instanceof ChannelConfigError) return 'unusable' as const;
    throw err;
  });
  if (channel === 'unusable' || !channel) {
    const info =
      channel === 'unusable'
        ? {
            code: null,
            title: 'Channel not configured',
            message: 'The channel of this chat is not set up to send. Connect it again.',
          }
        : {
            code: null,
            title: 'Channel removed',
            message: 'The channel of this chat no longer exists',
          };
    for (const msg of msgs) await fail(deps, msg, info);
    return;
  }
  const outcomes = await sendPaced(deps, channel, msgs);
  await settle(deps, msgs, outcomes, attempt);
}

/** Starts each send on its own slot of the channel's grid, at most MAX_IN_FLIGHT waiting. */
async function sendPaced(
  deps: Deps,
  channel: LoadedChannel,
  msgs: LoadedSending[],
): Promise<Outcome[]> {
  const rate = msgs[0]!.broadcast_rate ?? 80;
  const pacer = new Pacer(
    async (count) => (await reserveSendSlots(deps.db, channel.id, count, rate)).waitMs,
    rate,
    MAX_IN_FLIGHT,
  );
  const batches: Promise<Outcome[]>[] = [];
  for (let at = 0; at < msgs.length;) {
    const places = await pacer.acquire(msgs.length - at);
    const part = msgs.slice(at, at + places);
    at += places;
    const { outcomes } = await pacer.launch(part, (msg) =>
      channel.open.send(outgoingOf(msg), windowFactsOf(deps, msg)).then(
        (sent): Outcome => ({ sent }),
        (error: unknown): Outcome => ({ error }),
      ),
    );
    batches.push(outcomes);
  }
  return (await Promise.all(batches)).flat();
}

/** Records a channel's outcomes: sent together, retryable ones retried together, the rest failed. */
async function settle(
  deps: Deps,
  msgs: LoadedSending[],
  outcomes: Outcome[],
  attempt: number,
): Promise<void> {
  const accepted: AcceptedSend[] = [];
  const retry: LoadedSending[] = [];
  const refused: { msg: LoadedSending; err: ProviderError }[] = [];
  const inDoubt: LoadedSending[] = [];
  for (const [i, msg] of msgs.entries()) {
    const outcome = outcomes[i]!;
    if ('sent' in outcome) {
      await keepUpload(deps, msg.id, outcome.sent.uploadedMediaId);
      accepted.push({ msg, providerMessageId: outcome.sent.providerMessageId });
    } else if (outcome.error instanceof ProviderError) {
      await keepUpload(deps, msg.id, outcome.error.uploadedMediaId);
      if (outcome.error.retryable && attempt + 1 < MAX_SEND_ATTEMPTS) retry.push(msg);
      else refused.push({ msg, err: outcome.error });
    } else {
      deps.log.error({ err: outcome.error, messageId: msg.id }, 'send failed in doubt');
      inDoubt.push(msg);
    }
  }
  await markSentMany(deps, accepted);
  if (retry.length > 0) {
    deps.log.warn({ messageIds: retry.map((m) => m.id), attempt }, 'send failed; retrying');
    const ids = retry.map((m) => m.id);
    // Released and queued again in one commit: never released without the job that retries.
    await deps.db.transaction().execute(async (trx) => {
      await sendDrainRepo.release(trx, ids);
      await deps.jobs.enqueue(
        'message.send',
        sendJobOf(ids, attempt + 1),
        { startAfterSeconds: backoffSeconds(attempt + 1) },
        trx,
      );
    });
  }
  for (const { msg, err } of refused) await failOnRefusal(deps, msg, err);
  // Not a classified refusal: the call may have reached the provider. Never sent again.
  for (const msg of inDoubt) await fail(deps, msg, SEND_IN_DOUBT);
}

/**
 * Queued messages whose claim is older than SEND_IN_DOUBT_AFTER_MS: their worker died (kill -9,
 * a lost host) between calling the provider and recording the answer. They may have reached the
 * customer, so they are failed with words that say so, never sent again. Answers how many.
 */
export async function runSendSweepJob(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - SEND_IN_DOUBT_AFTER_MS);
  const ids = await sendDrainRepo.inDoubt(deps.db, before, SWEEP_LIMIT);
  const msgs = await loadSendingMany(deps, ids.map(Number));
  for (const msg of msgs) await fail(deps, msg, SEND_IN_DOUBT);
  return msgs.length;
}
