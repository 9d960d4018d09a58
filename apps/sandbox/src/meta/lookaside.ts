import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
};

export type LookasideCheck = 'ok' | 'expired' | 'bad-hash';

/**
 * Signed, expiring attachment URLs, like Meta's CDN (`scontent…fbcdn.net/…?oh=…&oe=…`): `oe` is
 * the expiry in hex Unix seconds, `oh` an HMAC over the asset and expiry. Anyone holding the URL
 * may fetch it until it expires (no token), so Sapa must store attachments when they arrive.
 */
export class Lookaside {
  private readonly secret = randomBytes(32);

  constructor(
    private readonly publicUrl: string,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  url(assetId: string, mimeType: string): string {
    const expires = Math.floor((this.clock.now() + this.ttlMs) / 1000).toString(16);
    const ext = EXTENSIONS[mimeType] ?? 'bin';
    return `${this.publicUrl}/lookaside/v/${assetId}.${ext}?oh=${this.hash(assetId, expires)}&oe=${expires}`;
  }

  check(assetId: string, oh: string | undefined, oe: string | undefined): LookasideCheck {
    if (!oh || !oe || !/^[0-9a-f]{1,12}$/.test(oe)) return 'bad-hash';
    const expected = Buffer.from(this.hash(assetId, oe));
    const given = Buffer.from(oh);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-hash';
    return parseInt(oe, 16) * 1000 > this.clock.now() ? 'ok' : 'expired';
  }

  private hash(assetId: string, expires: string): string {
    return createHmac('sha256', this.secret)
      .update(`${assetId}:${expires}`)
      .digest('hex')
      .slice(0, 32);
  }
}
