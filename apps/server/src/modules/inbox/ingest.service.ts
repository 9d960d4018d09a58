import type pg from 'pg';
import { MESSAGES, normalizePhone } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import type { NeutralEvent } from '../../channels/port.js';
import { toInboxEvents, type InboundMessage, type StatusUpdate } from './inbound.js';
import type { ProviderType } from '../../db/schema-messaging.js';
import { newChatBatcher, newPageChatBatcher, parkStatusIfUnknown } from './ingest-fast.repo.js';
import type { IngestChannel } from './ingest.repo.js';
import { inboundBatcher } from './ingest-batch.repo.js';
import { boundEvent } from './inbound-bounds.js';
import { statusBatcher } from './status-batch.repo.js';
import { ingestEcho, ingestReactionEcho, ingestUnsent, receiptStatuses } from './page-events.js';
import { queueProfile } from './jobs/fetch-profile.job.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';
import type { JobQueue } from '../../jobs/queue.js';
import { webhookClockFor } from '../channels/index.js';

/** Channels whose events the inbox stores (a linked number's come from its session). */
const STORED_PROVIDERS: ReadonlySet<ProviderType> = new Set([
  'whatsapp_cloud',
  'messenger',
  'instagram',
  'whatsapp_basic',
]);

/**
 * Echoes (of messages and of reactions), conversation receipts and unsends (Meta's page
 * channels), stored by page-events.ts.
 */
type PageEvent = Extract<NeutralEvent, { kind: 'message' | 'receipt' | 'unsent' | 'reaction' }>;
const isPageEvent = (e: NeutralEvent): e is PageEvent =>
  e.kind === 'message' ||
  e.kind === 'receipt' ||
  e.kind === 'unsent' ||
  (e.kind === 'reaction' && e.direction === 'outgoing');

export interface IngestResult {
  stored: number;
  duplicates: number;
  statuses: number;
  unknownChannels: string[];
  /** Events the inbox does not store (of a provider whose messages it does not keep yet). */
  notStored: NeutralEvent[];
}

/**
 * Stores a webhook's neutral events, whichever channel they come from, and announces what
 * changed. Every write is idempotent and committed before this resolves, so the caller answers
 * 200 only after the commit; an error means 5xx and the provider redelivers, which is safe.
 */
export async function ingestEvents(
  deps: Deps,
  provider: ProviderType,
  neutral: NeutralEvent[],
): Promise<IngestResult> {
  if (!STORED_PROVIDERS.has(provider))
    return { stored: 0, duplicates: 0, statuses: 0, unknownChannels: [], notStored: neutral };
  const { inbox: events, other } = toInboxEvents(neutral);
  const page = other.filter(isPageEvent);
  const result: IngestResult = {
    stored: 0,
    duplicates: 0,
    statuses: 0,
    unknownChannels: [],
    notStored: other.filter((e) => e.kind !== 'template.status' && !isPageEvent(e)),
  };
  if (events.length === 0 && page.length === 0) return result;
  const externalIds = [...new Set([...events, ...page].map((e) => e.channelExternalId))];
  const channels = await channelsFor(deps.db, provider, externalIds);
  result.unknownChannels = externalIds.filter((id) => !channels.has(id));
  webhookClockFor(deps.db).seen(
    [...channels.values()].map((c) => c.id),
    deps.clock.now(),
  );

  const now = deps.clock.now();
  // A chat's messages in provider order, so its last message is the newest.
  const ordered = events
    .map((e) => boundEvent(e, now))
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  // Statuses of sends their sender tagged (a broadcast's) go to that sender's listener, all
  // started together so its batcher makes one statement of them (Meta packs many into one post
  // under load), and awaited before answering. One no listener owns is an inbox message's.
  const tagged: { ch: IngestChannel; s: StatusUpdate; owned: Promise<boolean[]> }[] = [];
  for (const event of ordered) {
    const ch = channels.get(event.channelExternalId);
    if (!ch) continue;
    if (event.kind === 'message') {
      const stored = await ingestMessage(deps, ch, event);
      if (stored) result.stored++;
      else result.duplicates++;
    } else if (event.callbackData) {
      const { callbackData } = event;
      tagged.push({
        ch,
        s: event,
        owned: deps.events.emit('send.status', {
          channelId: ch.id,
          status: { ...event, callbackData },
        }),
      });
      result.statuses++;
    } else {
      await ingestStatus(deps, ch, event);
      result.statuses++;
    }
  }
  const owned = await Promise.all(tagged.map((t) => t.owned));
  for (const [i, t] of tagged.entries())
    if (!owned[i]?.some(Boolean)) await ingestStatus(deps, t.ch, t.s);
  // After the customers' messages of this webhook, so a receipt or unsend finds them.
  for (const event of page) {
    const ch = channels.get(event.channelExternalId);
    if (ch) await ingestPageEvent(deps, ch, event, result);
  }
  return result;
}

async function ingestPageEvent(
  deps: Deps,
  ch: IngestChannel,
  event: PageEvent,
  result: IngestResult,
): Promise<void> {
  if (event.kind === 'message') {
    const echo = await ingestEcho(deps, ch, event);
    if (echo.outcome === 'stored') result.stored++;
    else result.duplicates++;
    if (echo.media && echo.messageId && ch.channel !== 'whatsapp_basic')
      await queueMedia(deps, echo.messageId);
  } else if (event.kind === 'reaction') {
    if ((await ingestReactionEcho(deps, ch, event)) === 'stored') result.stored++;
    else result.duplicates++;
  } else if (event.kind === 'receipt') {
    for (const s of await receiptStatuses(deps, ch, event)) {
      await ingestStatus(deps, ch, s);
      result.statuses++;
    }
  } else {
    await ingestUnsent(deps, ch, event);
    result.statuses++;
  }
}

/** The row is marked media_pending: if this enqueue is lost, the sweeper queues it again. */
async function queueMedia(deps: Deps, messageId: string): Promise<void> {
  await mediaJobsFor(deps.jobs)
    .submit(messageId)
    .catch((err: unknown) =>
      deps.log.warn({ err, messageId }, 'media download not queued; the sweeper will'),
    );
}

async function ingestMessage(deps: Deps, ch: IngestChannel, m: InboundMessage): Promise<boolean> {
  let fast = await batcherFor(deps.pool).submit({ ch, m });
  const created = fast.kind === 'no-chat';
  if (fast.kind === 'no-chat') {
    // First message of a conversation: create contact and chat, then the same single statement.
    const phone = m.from.phone ? normalizePhone(m.from.phone) : null;
    if (phone) await newChatBatcherFor(deps.pool).submit({ ch, from: m.from, phone });
    else await newPageChatBatcherFor(deps.pool).submit({ ch, from: m.from });
    fast = await batcherFor(deps.pool).submit({ ch, m });
  }
  if (fast.kind !== 'stored') return false;
  deps.events.publish({ type: 'message.created', chat: fast.chat, message: fast.message });
  // After the commit, off the batched statement: broadcast replies, then routing, listen
  // (modules' definitions); neither fails the webhook (a retry would be a duplicate).
  await deps.events.emit('message.received', {
    chat: fast.chat,
    message: fast.message,
    customerId: m.from.identifier,
    at: m.timestamp,
    surveyAnswer: fast.surveyAnswer,
  });
  // A linked number's files are fetched by the process holding its session (linked/outbox.ts).
  if (m.media && ch.channel !== 'whatsapp_basic') await queueMedia(deps, String(fast.message.id));
  if (created && deps.channels.portOfChannel(ch.channel)?.capabilities.profiles)
    await queueProfile(deps, fast.chat.id);
  return true;
}

async function ingestStatus(deps: Deps, ch: IngestChannel, s: StatusUpdate): Promise<void> {
  const first = await statusBatcherFor(deps.pool).submit({ channelId: ch.id, s });
  let moved = first.moved;
  if (!moved && !first.known) {
    await parkStatusIfUnknown(deps.pool, ch.id, s);
    // The send job may have linked the provider id between our update and the park: try once more.
    ({ moved } = await statusBatcherFor(deps.pool).submit({ channelId: ch.id, s }));
    if (moved) {
      await deps.db
        .deleteFrom('pending_statuses')
        .where('channel_id', '=', ch.id)
        .where('provider_message_id', '=', s.providerMessageId)
        .where('status', '=', s.status)
        .execute();
    }
  }
  if (!moved) return;
  const error = s.error
    ? {
        code: s.error.code,
        message: s.windowClosed ? MESSAGES.windowClosedCode : s.error.message,
      }
    : undefined;
  deps.events.publish({
    type: 'message.status',
    chat: moved,
    messageId: moved.message_id,
    status: s.status,
    ...(error ? { error } : {}),
  });
  if (s.status === 'failed' && error) {
    deps.events.publish({
      type: 'message.error',
      chat: moved,
      userId: moved.sender_id,
      error: {
        chatId: moved.id,
        messageId: moved.message_id,
        message: error.message,
        code: error.code,
      },
    });
  }
}

// One batcher of each kind per database pool (tests run several apps in one process).
function perPool<T extends object>(make: (pool: pg.Pool) => T): (pool: pg.Pool) => T {
  const made = new WeakMap<pg.Pool, T>();
  return (pool) => {
    const existing = made.get(pool);
    if (existing) return existing;
    const created = make(pool);
    made.set(pool, created);
    return created;
  };
}
const batcherFor = perPool(inboundBatcher);

/** Media downloads queued in this turn go to the queue in one statement (a commit each, before). */
const mediaBatchers = new WeakMap<JobQueue, TurnBatcher<string, void>>();
function mediaJobsFor(jobs: JobQueue): TurnBatcher<string, void> {
  const existing = mediaBatchers.get(jobs);
  if (existing) return existing;
  const created = new TurnBatcher<string, void>(
    500,
    async (ids) => {
      await jobs.enqueueMany(
        'media.fetch',
        ids.map((messageId) => ({
          data: { messageId, attempt: 0 },
          options: { singletonKey: `media:${messageId}` },
        })),
      );
      return ids.map(() => undefined);
    },
    (id) => id,
    () => false,
    () => undefined,
  );
  mediaBatchers.set(jobs, created);
  return created;
}
const statusBatcherFor = perPool(statusBatcher);
const newChatBatcherFor = perPool(newChatBatcher);
const newPageChatBatcherFor = perPool(newPageChatBatcher);

/** Channels by provider id, cached briefly per database: every webhook needs this lookup. */
const CACHE_MS = 10_000;
const caches = new WeakMap<
  Db,
  Map<string, { channel: IngestChannel & { external_id: string }; until: number }>
>();

/** Forgets a channel's cached lookup here, when it is disconnected, reconnected or deleted. */
export function forgetIngestChannel(db: Db, provider: ProviderType, externalId: string): void {
  caches.get(db)?.delete(`${provider}:${externalId}`);
}

async function channelsFor(
  db: Db,
  provider: ProviderType,
  externalIds: string[],
): Promise<Map<string, IngestChannel>> {
  const cache = caches.get(db) ?? new Map();
  caches.set(db, cache);
  const now = Date.now();
  const found = new Map<string, IngestChannel>();
  const missing: string[] = [];
  for (const id of externalIds) {
    const hit = cache.get(`${provider}:${id}`);
    if (hit && hit.until > now) found.set(id, hit.channel);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await db
      .selectFrom('channels')
      .select(['id', 'account_id', 'channel', 'external_id'])
      .where('provider', '=', provider)
      .where('external_id', 'in', missing)
      // A disconnected or deleted channel receives nothing: its webhooks are acknowledged, dropped.
      .where('disconnected_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) {
      cache.set(`${provider}:${row.external_id}`, { channel: row, until: now + CACHE_MS });
      found.set(row.external_id, row);
    }
  }
  return found;
}
