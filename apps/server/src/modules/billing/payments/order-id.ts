import { randomInt } from 'node:crypto';

// Upper-case letters and digits without the look-alikes (0/O, 1/I/L): an id read aloud to support
// over the phone survives it.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_CHARS = 10;

/** "yyMMdd" of the instant in Asia/Jakarta, the seller's calendar. */
function jakartaDay(now: Date): string {
  const local = new Date(now.getTime() + 7 * 3_600_000);
  return local.toISOString().slice(2, 10).replace(/-/g, '');
}

/**
 * An order id, which is also the gateway's order id: `SAPA-260115-K7QX3M9TZP` (22 characters,
 * well within Midtrans' 50). 31^10 ≈ 8 × 10^14 per day: a collision is not a practical concern,
 * and the primary key would refuse one.
 */
export function newOrderId(now: Date): string {
  let suffix = '';
  for (let i = 0; i < RANDOM_CHARS; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SAPA-${jakartaDay(now)}-${suffix}`;
}
