import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';

/**
 * Downloads from links someone else chose (a template's example image, a customer's attachment
 * on Meta's CDN) without letting them point Sapa at its own network (SSRF).
 */
const MAX_REDIRECTS = 3;
const NO_ORIGINS: ReadonlySet<string> = new Set();

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
export async function publicAddress(hostname: string): Promise<LookupAddress | null> {
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
        headers: { accept: '*/*', 'user-agent': 'Sapa' },
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
 * is private or invalid, or the request fails. A hop on one of `trustedOrigins` (the configured
 * Graph API, which is the sandbox on localhost in development) is fetched as it is, http too.
 */
export async function download(
  get: PinnedGet,
  url: string,
  signal: AbortSignal,
  trustedOrigins: ReadonlySet<string> = NO_ORIGINS,
): Promise<Response | null> {
  let next = parseUrl(url);
  for (let hop = 0; next && hop <= MAX_REDIRECTS; hop++) {
    let res: Response;
    if (trustedOrigins.has(next.origin)) {
      try {
        res = await fetch(next, { signal, redirect: 'manual' });
      } catch {
        return null;
      }
    } else {
      if (next.protocol !== 'https:') return null;
      const address = await publicAddress(next.hostname);
      if (!address) return null;
      try {
        res = await get(next, address, signal);
      } catch {
        return null;
      }
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    next = parseUrl(location, next);
  }
  return null;
}

/**
 * A response's body, read with a cap (a server may lie about or omit its length); null when it
 * is larger, and the connection is let go at once.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    return declared > maxBytes ? null : Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
