import {
  BROADCAST_MESSAGES,
  fillBroadcastMessage as fill,
  type HeaderMediaInput,
} from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { BroadcastHeaderMediaDb } from '../../db/schema-broadcasts.js';
import type { TemplateHeaderTypeDb } from '../../db/schema-templates.js';
import { badRequest } from '../../http/errors.js';
import { broadcastsRepo } from './repo.js';

// Spec §5: images JPG/JPEG/PNG, video MP4/OGG, documents any type. The media module already
// judged the upload by its content (and its 1 MB limit) when it stored the mime type.
const ACCEPTS: Record<'image' | 'video', ReadonlySet<string>> = {
  image: new Set(['image/jpeg', 'image/png']),
  video: new Set(['video/mp4', 'video/ogg']),
};

/** The header media a template's header needs, from an upload (media id) or an https link. */
export async function headerMediaOf(
  db: Db,
  accountId: string,
  headerType: TemplateHeaderTypeDb,
  input: HeaderMediaInput | null,
): Promise<BroadcastHeaderMediaDb | null> {
  if (headerType !== 'image' && headerType !== 'video' && headerType !== 'document') {
    if (input) throw badRequest(BROADCAST_MESSAGES.mediaNotNeeded, 'BROADCAST_MEDIA_NOT_NEEDED');
    return null;
  }
  const issue = (message: string, code: string) =>
    badRequest(message, code, [{ path: 'headerMedia', message }]);
  if (!input)
    throw issue(
      fill(BROADCAST_MESSAGES.mediaRequired, { type: headerType }),
      'BROADCAST_MEDIA_REQUIRED',
    );
  if ('link' in input) {
    let url: URL | null = null;
    try {
      url = new URL(input.link);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:')
      throw issue(BROADCAST_MESSAGES.mediaHttps, 'BROADCAST_MEDIA_HTTPS');
    return { type: headerType, link: url.toString() };
  }
  const media = await broadcastsRepo.findMedia(db, accountId, input.mediaId);
  if (!media) throw issue(BROADCAST_MESSAGES.mediaNotFound, 'BROADCAST_MEDIA_NOT_FOUND');
  if (headerType !== 'document' && !ACCEPTS[headerType].has(media.mime_type))
    throw issue(
      fill(BROADCAST_MESSAGES.mediaWrongType, { type: headerType }),
      'BROADCAST_MEDIA_TYPE',
    );
  return { type: headerType, mediaId: media.id, filename: media.filename };
}
