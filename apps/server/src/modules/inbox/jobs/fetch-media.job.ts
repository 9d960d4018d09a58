import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import { ProviderError } from '../../../channels/types.js';
import { SessionNotHereError } from '../../../channels/whatsapp-basic/port.js';
import { backoffSeconds } from '../../../jobs/definitions.js';
import { LocalStorage } from '../../../lib/storage.js';
import { loadChannel } from '../../channels/index.js';
import { mediaRefOf, type PendingMedia } from '../inbound.js';

const MAX_ATTEMPTS = 6;

/**
 * Downloads an inbound attachment into our storage (WhatsApp: media id → URL → bytes, with the
 * channel's token; ids expire after 7 days. Messenger and Instagram: the CDN URL, through the
 * SSRF guard, before it expires). Also used on demand when someone opens the
 * attachment before the job ran. Returns the stored media id.
 */
export async function storeInboundMedia(deps: Deps, messageId: string): Promise<string | null> {
  const msg = await deps.db
    .selectFrom('messages')
    .select(['id', 'account_id', 'channel_id', 'media_id', 'payload', 'attachment_name'])
    .where('id', '=', Number(messageId))
    .executeTakeFirst();
  if (!msg) return null;
  if (msg.media_id) return msg.media_id;
  const media = (msg.payload as { media?: PendingMedia }).media;
  if (!media || !('source' in media ? media.url : media.providerMediaId)) return null;
  const channel = await loadChannel(deps, msg.channel_id);
  if (!channel) return null;
  const ref = mediaRefOf(media);
  const file = await channel.open.fetchMedia(
    ref.source === 'provider_id' ? { ...ref, sha256: null } : ref,
  );
  const key = `${msg.account_id}/${randomUUID()}`;
  await new LocalStorage(deps.config.mediaDir).put(key, file.bytes);
  return deps.db.transaction().execute(async (trx) => {
    const again = await trx
      .selectFrom('messages')
      .select('media_id')
      .where('id', '=', msg.id)
      .forUpdate()
      .executeTakeFirst();
    if (again?.media_id) return again.media_id;
    const row = await trx
      .insertInto('media')
      .values({
        account_id: msg.account_id,
        storage_key: key,
        mime_type: file.mimeType || media.mimeType || 'application/octet-stream',
        size_bytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        filename: media.filename ?? msg.attachment_name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('messages')
      .set({
        media_id: row.id,
        media_pending: false,
        payload: sql`jsonb_set(payload, '{media,stored}', 'true')`,
      })
      .where('id', '=', msg.id)
      .execute();
    return row.id;
  });
}

export async function runFetchMediaJob(
  deps: Deps,
  data: { messageId: string; attempt: number },
): Promise<void> {
  try {
    await storeInboundMedia(deps, data.messageId);
  } catch (err) {
    // A linked number's file is fetched by the process that holds its session (linked/outbox.ts).
    if (err instanceof SessionNotHereError) return;
    const retryable = !(err instanceof ProviderError) || err.retryable;
    if (retryable && data.attempt + 1 < MAX_ATTEMPTS) {
      await deps.jobs.enqueue(
        'media.fetch',
        { messageId: data.messageId, attempt: data.attempt + 1 },
        { startAfterSeconds: backoffSeconds(data.attempt + 1) },
      );
      return;
    }
    deps.log.error({ err, messageId: data.messageId }, 'inbound media could not be fetched');
    await giveUpMedia(deps, data.messageId);
  }
}

/** Given up: stop sweeping it and say so on the message (the agent sees it as unavailable). */
export async function giveUpMedia(deps: Deps, messageId: string): Promise<void> {
  await deps.db
    .updateTable('messages')
    .set({ media_pending: false, payload: sql`jsonb_set(payload, '{media,failed}', 'true')` })
    .where('id', '=', Number(messageId))
    .execute();
}

/** Re-queues downloads still pending after a minute (an enqueue lost to a crash, a dead worker). */
export async function runMediaSweepJob(deps: Deps): Promise<void> {
  const pending = await deps.db
    .selectFrom('messages')
    .select('id')
    .where('media_pending', '=', true)
    .where('created_at', '<', new Date(deps.clock.now().getTime() - 60_000))
    // A linked number's files are its owner's to fetch (linked/outbox.ts), not any worker's.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('channels as ch')
            .select('ch.id')
            .whereRef('ch.id', '=', 'messages.channel_id')
            .where('ch.provider', '=', 'whatsapp_basic'),
        ),
      ),
    )
    .orderBy('id')
    .limit(500)
    .execute();
  for (const { id } of pending) {
    await deps.jobs.enqueue(
      'media.fetch',
      { messageId: String(id), attempt: 0 },
      { singletonKey: `media:${id}` },
    );
  }
}
