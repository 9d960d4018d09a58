import { createHash, randomBytes } from 'node:crypto';

/**
 * The public survey page's token: 256 random bits, base64url (43 characters), of which only the
 * SHA-256 is stored — a database read gives no one a working link.
 */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
