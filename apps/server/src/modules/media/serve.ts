import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { LocalStorage } from '../../lib/storage.js';

/** A file in Sapa's media store, as serving it needs. */
export interface StoredMedia {
  storage_key: string;
  mime_type: string;
  filename: string | null;
  size_bytes: number;
}

/** One stored file of the account, or undefined (another account's id finds nothing). */
export function findMedia(db: Db, accountId: string, mediaId: string) {
  return db
    .selectFrom('media')
    .select(['storage_key', 'mime_type', 'filename', 'size_bytes'])
    .where('id', '=', mediaId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * Streams a stored file with the headers every media answer carries: its type (never sniffed),
 * its length, how long the caller's browser may keep it (`private`: it was served to one signed-in
 * user), and whether it opens in place (pictures, video, audio) or downloads under its name.
 */
export async function sendStoredMedia(
  reply: FastifyReply,
  deps: Pick<Deps, 'config'>,
  media: StoredMedia,
  cacheControl: string,
): Promise<FastifyReply> {
  const inline = /^(image|video|audio)\//.test(media.mime_type);
  const name = encodeURIComponent(media.filename ?? 'file');
  return reply
    .header('content-type', media.mime_type)
    .header('content-length', media.size_bytes)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`)
    .send(await new LocalStorage(deps.config.mediaDir).open(media.storage_key));
}
