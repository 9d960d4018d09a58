import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Midtrans' notification signature: SHA-512, hex, of order_id + status_code + gross_amount +
 * server key, each exactly as written in the notification (gross_amount keeps its ".00").
 */
export function midtransSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey)
    .digest('hex');
}

/** Compares in constant time, so a forger learns nothing from how long a wrong guess took. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
