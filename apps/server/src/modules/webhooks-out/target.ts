import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { publicAddress } from '../../lib/public-fetch.js';

/**
 * Where a webhook may go (SSRF): https to a host whose every address is public, connected to the
 * address that was checked (no second lookup a DNS rebinding could change), redirects never
 * followed. `WEBHOOK_ALLOWED_PRIVATE_HOSTS` names the only hosts let through to a private or
 * loopback address (http allowed), for local testing. Checked when an endpoint is saved and
 * again at every delivery, since DNS may change in between.
 */
export type Target = { ok: true; url: URL; address: LookupAddress } | { ok: false; reason: string };

export const TARGET_REFUSALS = {
  invalid: 'The url is not a valid http(s) URL',
  credentials: 'The url may not carry a user name or password',
  https: 'The url must use https',
  private: 'The url must point to a public internet address',
  unresolved: 'The url host could not be resolved',
} as const;

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

export async function resolveTarget(
  raw: string,
  allowedPrivateHosts: ReadonlySet<string>,
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: TARGET_REFUSALS.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: TARGET_REFUSALS.invalid };
  if (url.username || url.password) return { ok: false, reason: TARGET_REFUSALS.credentials };
  const host = hostOf(url);
  if (allowedPrivateHosts.has(host)) {
    const family = isIP(host);
    if (family) return { ok: true, url, address: { address: host, family } };
    try {
      return { ok: true, url, address: await lookup(host) };
    } catch {
      return { ok: false, reason: TARGET_REFUSALS.unresolved };
    }
  }
  if (url.protocol !== 'https:') return { ok: false, reason: TARGET_REFUSALS.https };
  const address = await publicAddress(host);
  return address ? { ok: true, url, address } : { ok: false, reason: TARGET_REFUSALS.private };
}

export interface PostResult {
  status: number;
  /** The start of the answer, for the delivery log. */
  excerpt: string;
  /** The answer's Retry-After header, as sent (seconds or an HTTP date). */
  retryAfter: string | null;
}

// Keep-alive: a busy endpoint gets a stream of POSTs over a few connections, not a handshake
// (and a TLS one) per event.
const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 });

function readExcerpt(res: IncomingMessage, maxChars: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      // Keep reading (and dropping) past the excerpt so the connection can be reused.
      if (text.length < maxChars) text += chunk.slice(0, maxChars - text.length);
    });
    res.on('end', () => resolve(text));
    res.on('error', () => resolve(text));
    res.on('aborted', () => resolve(text));
  });
}

/** One POST to the checked address; a 3xx is answered as it is (never followed). */
export function postPinned(
  target: { url: URL; address: LookupAddress },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  excerptChars: number,
): Promise<PostResult> {
  const secure = target.url.protocol === 'https:';
  const request = secure ? httpsRequest : httpRequest;
  const payload = Buffer.from(body);
  return new Promise((resolve, reject) => {
    const req = request(
      target.url,
      {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        headers: { ...headers, 'content-length': String(payload.length) },
        timeout: timeoutMs,
        lookup: (_host, options, done) => {
          if (options.all) done(null, [target.address]);
          else done(null, target.address.address, target.address.family);
        },
      },
      (res) => {
        void readExcerpt(res, excerptChars).then((excerpt) =>
          resolve({
            status: res.statusCode ?? 0,
            excerpt,
            retryAfter: res.headers['retry-after'] ?? null,
          }),
        );
      },
    );
    // The whole exchange, not only an idle socket, is bounded.
    const timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(payload);
  });
}
