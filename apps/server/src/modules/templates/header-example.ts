import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
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
/** For the whole download, redirects and body included. */
const DOWNLOAD_TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 3;

export interface HeaderExampleFile {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/** One GET that connects only to `address`, the address whose host was checked. */
export type PinnedGet = (
  url: URL,
  address: LookupAddress,
  signal: AbortSignal,
) => Promise<Response>;

// Everything that is not the public internet: private, shared, loopback, link-local, multicast,
// reserved and documentation ranges, and IPv6 forms that can carry an IPv4 address (NAT64,
// 6to4, Teredo, IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96): a public image link
// has no reason to resolve to those. BlockList checks an IPv4-mapped IPv6 address
// (::ffff:10.0.0.1) against the IPv4 ranges itself, but no other embedding.
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** The addresses of a host that is on the public internet (SSRF), or null. */
async function publicAddress(hostname: string): Promise<LookupAddress | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    const family = isIP(host);
    addresses = family ? [{ address: host, family }] : await lookup(host, { all: true });
  } catch {
    return null;
  }
  const blocked = (a: LookupAddress) => BLOCKED.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4');
  return addresses.length > 0 && !addresses.some(blocked) ? addresses[0]! : null;
}

/** Node's https client, its DNS answer replaced by the checked address (no second lookup). */
export const pinnedGet: PinnedGet = (url, address, signal) =>
  new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        signal,
        headers: { accept: '*/*', 'user-agent': 'Sapa (template header example)' },
        lookup: (_host, options, done) => {
          if (options.all) done(null, [address]);
          else done(null, address.address, address.family);
        },
      },
      (res) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined)
            headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        const status = res.statusCode ?? 502;
        const empty = status === 204 || status === 205 || status === 304;
        if (empty) res.resume();
        const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });

const parseUrl = (href: string, base?: URL): URL | null => {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
};

/**
 * GET with redirects followed by hand, so every hop's host is checked (a public link may
 * redirect into the private network) and connected to at the checked address; null when a hop
 * is private or invalid, or the request fails.
 */
async function download(
  get: PinnedGet,
  url: string,
  signal: AbortSignal,
): Promise<Response | null> {
  let next = parseUrl(url);
  for (let hop = 0; next && hop <= MAX_REDIRECTS; hop++) {
    if (next.protocol !== 'https:') return null;
    const address = await publicAddress(next.hostname);
    if (!address) return null;
    let res: Response;
    try {
      res = await get(next, address, signal);
    } catch {
      return null;
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    next = parseUrl(location, next);
  }
  return null;
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
