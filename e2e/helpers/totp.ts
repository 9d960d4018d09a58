// RFC 6238 TOTP (SHA-1, 6 digits, 30 s) — what authenticator apps compute, in a few lines of
// node:crypto so the tests do not depend on the server's otplib being hoisted.
import { createHmac } from 'node:crypto';

const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(secret: string): Buffer {
  const clean = secret.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`not a base32 secret: ${secret}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function totp(secret: string, nowMs: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 1000 / STEP_SECONDS)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** A code that stays valid for at least `minSeconds` more (waits out the end of a step). */
export async function freshTotp(secret: string, minSeconds = 5): Promise<string> {
  const left = STEP_SECONDS - ((Date.now() / 1000) % STEP_SECONDS);
  if (left < minSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
  return totp(secret);
}

/** The secret from an otpauth:// URL. */
export function secretFromOtpauth(url: string): string {
  const secret = new URL(url).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${url}`);
  return secret;
}
