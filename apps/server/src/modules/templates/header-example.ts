import { buffer } from 'node:stream/consumers';
import { TEMPLATE_MESSAGES, TEMPLATE_RULES } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { TemplateHeaderTypeDb } from '../../db/schema-templates.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { download, pinnedGet, type PinnedGet } from '../../lib/public-fetch.js';

export { pinnedGet, type PinnedGet };

type MediaHeader = Extract<TemplateHeaderTypeDb, 'image' | 'video' | 'document'>;

// What Meta's Resumable Upload API takes (pdf, jpeg, png, mp4) and its header sizes.
const ACCEPTS: Record<MediaHeader, ReadonlySet<string>> = {
  image: new Set(['image/jpeg', 'image/png']),
  video: new Set(['video/mp4']),
  document: new Set(['application/pdf']),
};
const MAX_BYTES: Record<MediaHeader, number> = {
  image: 5 * 1024 * 1024,
  video: 16 * 1024 * 1024,
  document: 16 * 1024 * 1024,
};
/** For the whole download, redirects and body included. */
const DOWNLOAD_TIMEOUT_MS = 20_000;

export interface HeaderExampleFile {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/** The link's last path segment as a file name, when it decodes. */
function nameFromUrl(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || null;
  } catch {
    return null;
  }
}

export const isMediaHeader = (t: TemplateHeaderTypeDb | null): t is MediaHeader =>
  t === 'image' || t === 'video' || t === 'document';

const fileIssue = (message: string) =>
  badRequest(message, 'TEMPLATE_HEADER_EXAMPLE', [{ path: 'headerExampleMediaId', message }]);

/** An uploaded example must be of the account and of a type Meta takes for that header. */
export async function checkExampleMedia(
  db: Db,
  accountId: string,
  headerType: TemplateHeaderTypeDb | null,
  mediaId: string,
): Promise<void> {
  const media = await db
    .selectFrom('media')
    .select(['mime_type'])
    .where('account_id', '=', accountId)
    .where('id', '=', mediaId)
    .executeTakeFirst();
  if (!media) throw fileIssue(TEMPLATE_MESSAGES.exampleNotFound);
  if (!isMediaHeader(headerType) || !ACCEPTS[headerType].has(media.mime_type))
    throw fileIssue(TEMPLATE_RULES.exampleFile);
}

/**
 * The bytes of a media header's example: the uploaded file, or the linked one downloaded
 * (https only, by the contract; Meta's types and sizes checked here, as Meta would).
 */
export async function loadHeaderExample(
  deps: { db: Db; storage: FileStorage; get?: PinnedGet },
  accountId: string,
  row: {
    header_type: MediaHeader;
    header_example_media_id: string | null;
    header_example_url: string | null;
  },
): Promise<HeaderExampleFile> {
  const type = row.header_type;
  if (row.header_example_media_id) {
    const media = await deps.db
      .selectFrom('media')
      .select(['storage_key', 'mime_type', 'filename'])
      .where('account_id', '=', accountId)
      .where('id', '=', row.header_example_media_id)
      .executeTakeFirst();
    if (!media) throw fileIssue(TEMPLATE_MESSAGES.exampleNotFound);
    if (!ACCEPTS[type].has(media.mime_type)) throw fileIssue(TEMPLATE_RULES.exampleFile);
    const bytes = await buffer(await deps.storage.open(media.storage_key));
    return { bytes, mimeType: media.mime_type, fileName: media.filename ?? `example.${type}` };
  }
  const url = row.header_example_url;
  if (!url) throw fileIssue(TEMPLATE_MESSAGES.exampleMissing);
  const unreachable = () => fileIssue(TEMPLATE_MESSAGES.exampleUnreachable);
  const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  const res = await download(deps.get ?? pinnedGet, url, signal);
  if (!res) throw unreachable();
  // Whatever is refused here is not read: the connection is let go at once.
  const refuse = async (error: AppError) => {
    await res.body?.cancel().catch(() => undefined);
    return error;
  };
  if (!res.ok || !res.body) throw await refuse(unreachable());
  const mimeType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTS[type].has(mimeType)) throw await refuse(fileIssue(TEMPLATE_RULES.exampleFile));
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > MAX_BYTES[type]) throw await refuse(fileIssue(TEMPLATE_MESSAGES.exampleTooLarge));
  // Read with a cap: a server may lie about (or omit) its length.
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_BYTES[type]) throw fileIssue(TEMPLATE_MESSAGES.exampleTooLarge);
      chunks.push(Buffer.from(value));
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    if (err instanceof AppError) throw err;
    throw unreachable();
  }
  return {
    bytes: Buffer.concat(chunks),
    mimeType,
    fileName: nameFromUrl(url) ?? `example.${type}`,
  };
}
