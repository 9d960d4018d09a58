import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@sapa/contracts';

/** `sapa_live_<public id>_<secret>`: 8 + 43 characters of base64url after the prefix. */
const PUBLIC_ID_BYTES = 6;
// 256 bits: guessing is hopeless, so a single unsalted SHA-256 is the right hash (a slow password
// hash would only cost every request without adding anything against a random secret).
const SECRET_BYTES = 32;
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$`);

export interface NewKey {
  key: string;
  publicId: string;
  hash: Buffer;
}

export function generateKey(): NewKey {
  const publicId = randomBytes(PUBLIC_ID_BYTES).toString('base64url');
  const key = `${API_KEY_PREFIX}${publicId}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { key, publicId, hash: hashKey(key) };
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** Is the bearer meant as an API key (rather than a session token)? */
export const looksLikeKey = (bearer: string): boolean => bearer.startsWith(API_KEY_PREFIX);

/** Has it the shape of one we issue? Anything else is refused without asking the database. */
export const wellFormedKey = (bearer: string): boolean => KEY_SHAPE.test(bearer);

export const displayPrefix = (publicId: string): string => `${API_KEY_PREFIX}${publicId}`;
