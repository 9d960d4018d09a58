import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { CONTACT_PICTURE_TYPES } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { ProviderError } from '../../../channels/types.js';
import { backoffSeconds } from '../../../jobs/definitions.js';
import { LocalStorage } from '../../../lib/storage.js';
import { loadChannel } from '../../channels/index.js';
import { loadChatRows } from '../../conversations/index.js';
import type { JobQueue } from '../../../jobs/queue.js';
import { TurnBatcher } from '../../../lib/turn-batcher.js';

const MAX_ATTEMPTS = 4;

/** Profile asks of one event-loop turn go to the queue in one statement (a burst of new chats). */
const batchers = new WeakMap<JobQueue, TurnBatcher<string, void>>();
function profileJobsFor(jobs: JobQueue): TurnBatcher<string, void> {
  const existing = batchers.get(jobs);
  if (existing) return existing;
  const created = new TurnBatcher<string, void>(
    500,
    async (ids) => {
      await jobs.enqueueMany(
        'chat.profile',
        ids.map((chatId) => ({
          data: { chatId, attempt: 0 },
          options: { singletonKey: `profile:${chatId}` },
        })),
      );
      return ids.map(() => undefined);
    },
    (id) => id,
    () => false,
    () => undefined,
  );
  batchers.set(jobs, created);
  return created;
}

/**
 * Asks for a new Messenger/Instagram customer's profile, once per chat (the singleton key), off
 * the webhook: Meta's profile API is slow next to storing a message and may refuse (no consent).
 * A lost ask costs only the name and picture (the chat shows its id), so it is not swept.
 */
export async function queueProfile(deps: Deps, chatId: string): Promise<void> {
  await profileJobsFor(deps.jobs)
    .submit(chatId)
    .catch((err: unknown) => deps.log.warn({ err, chatId }, 'profile fetch not queued'));
}

/**
 * The customer's name and picture from the platform's profile API, cached on the contact (and
 * the chat's name, when the webhook gave none). Asked once per contact: `profile_fetched_at` is
 * set whatever Meta answered, and a contact someone already named keeps its name. The picture
 * is copied into storage, as Meta's URL expires within days. No consent (Instagram 230,
 * Messenger 2018218) answers null from the port: nothing to cache, not an error.
 */
export async function fetchChatProfile(deps: Deps, chatId: string): Promise<void> {
  const chat = await deps.db
    .selectFrom('chats as c')
    .innerJoin('contacts as k', 'k.id', 'c.contact_id')
    .select([
      'c.id',
      'c.account_id',
      'c.channel_id',
      'c.identifier',
      'c.contact_id',
      'k.profile_fetched_at',
    ])
    .where('c.id', '=', chatId)
    .executeTakeFirst();
  if (!chat || chat.profile_fetched_at) return;
  const channel = await loadChannel(deps, chat.channel_id);
  if (!channel?.open.fetchProfile) return;
  const profile = await channel.open.fetchProfile(chat.identifier);
  let pictureMediaId: string | null = null;
  if (profile?.pictureUrl) {
    try {
      const file = await channel.open.fetchMedia({
        source: 'url',
        url: profile.pictureUrl,
        expiresAt: null,
        mimeType: null,
        filename: null,
      });
      // Judged by its bytes, not by what the CDN said: only a picture is ever served back.
      const detected = await fileTypeFromBuffer(file.bytes);
      if (!detected || !CONTACT_PICTURE_TYPES.includes(detected.mime))
        throw new Error(`profile picture is ${detected?.mime ?? 'not a known type'}`);
      const key = `${chat.account_id}/${randomUUID()}`;
      await new LocalStorage(deps.config.mediaDir).put(key, file.bytes);
      const media = await deps.db
        .insertInto('media')
        .values({
          account_id: chat.account_id,
          storage_key: key,
          mime_type: detected.mime,
          size_bytes: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          filename: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      pictureMediaId = media.id;
    } catch (err) {
      // The name is worth keeping without the picture.
      deps.log.info({ err, chatId }, 'profile picture not fetched');
    }
  }
  const name = profile?.name ?? profile?.username ?? null;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('contacts')
      .set((eb) => ({
        profile_fetched_at: now,
        ...(pictureMediaId ? { picture_media_id: pictureMediaId } : {}),
        ...(name
          ? { name: eb.case().when('name', '=', '').then(name).else(eb.ref('name')).end() }
          : {}),
        updated_at: now,
      }))
      .where('id', '=', chat.contact_id)
      .where('account_id', '=', chat.account_id)
      .execute();
    if (name)
      await trx
        .updateTable('chats')
        .set({ name, updated_at: now })
        .where('id', '=', chat.id)
        .where('name', '=', '')
        .execute();
  });
  // Open screens show the name and the picture at once (the chat row carries the picture's URL).
  if (name || pictureMediaId) {
    const [row] = await loadChatRows(deps.db, chat.account_id, [chat.id]);
    if (row) deps.events.publish({ type: 'chat.updated', chat: row });
  }
}

export async function runFetchProfileJob(
  deps: Deps,
  data: { chatId: string; attempt: number },
): Promise<void> {
  try {
    await fetchChatProfile(deps, data.chatId);
  } catch (err) {
    const retryable = !(err instanceof ProviderError) || err.retryable;
    if (retryable && data.attempt + 1 < MAX_ATTEMPTS) {
      await deps.jobs.enqueue(
        'chat.profile',
        { chatId: data.chatId, attempt: data.attempt + 1 },
        { startAfterSeconds: backoffSeconds(data.attempt + 1) },
      );
      return;
    }
    deps.log.warn({ err, chatId: data.chatId }, 'customer profile could not be fetched');
  }
}
