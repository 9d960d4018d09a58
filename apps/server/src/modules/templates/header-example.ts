import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { TEMPLATE_MESSAGES, TEMPLATE_RULES } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { TemplateHeaderTypeDb } from '../../db/schema-templates.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { FileStorage } from '../../lib/storage.js';

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
const DOWNLOAD_TIMEOUT_MS = 15_000;

export interface HeaderExampleFile {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/** The link must lead to the internet, not to the server's own network (SSRF). */
async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return false;
  }
  return addresses.length > 0 && addresses.every((a) => !PRIVATE.some((re) => re.test(a)));
}
const PRIVATE = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^::1?$/,
  /^f[cd][0-9a-f]{2}:/i,
  /^fe80:/i,
  /^::ffff:/i,
];

const MAX_REDIRECTS = 3;

/**
 * GET with redirects followed by hand, so every hop's host is checked (a public link may
 * redirect into the private network); null when a hop is private or the request fails.
 */
async function download(fetchImpl: typeof fetch, url: string): Promise<Response | null> {
  let next = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (next.protocol !== 'https:' || !(await isPublicHost(next.hostname))) return null;
    let res: Response;
    try {
      res = await fetchImpl(next, {
        redirect: 'manual',
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
    } catch {
      return null;
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    next = new URL(location, next);
  }
  return null;
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
  deps: { db: Db; storage: FileStorage; fetch?: typeof fetch },
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
  if (!url) throw fileIssue(TEMPLATE_RULES.exampleUrl);
  const unreachable = () => fileIssue(TEMPLATE_MESSAGES.exampleUnreachable);
  const res = await download(deps.fetch ?? fetch, url);
  if (!res) throw unreachable();
  if (!res.ok || !res.body) throw unreachable();
  const mimeType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTS[type].has(mimeType)) throw fileIssue(TEMPLATE_RULES.exampleFile);
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > MAX_BYTES[type]) throw fileIssue(TEMPLATE_MESSAGES.exampleTooLarge);
  // Read with a cap: a server may lie about (or omit) its length.
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > MAX_BYTES[type]) throw fileIssue(TEMPLATE_MESSAGES.exampleTooLarge);
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreachable();
  }
  const name =
    decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || `example.${type}`;
  return { bytes: Buffer.concat(chunks), mimeType, fileName: name };
}
