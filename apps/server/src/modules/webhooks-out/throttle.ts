/**
 * A receiver that asks to be sent less (Standard Webhooks: 429, and 502/503/504 while it is
 * overloaded or restarting) and says for how long with `Retry-After`, in seconds or as an HTTP
 * date. Such an answer is still a failed attempt; it only pushes the endpoint's next one later.
 */
export const THROTTLING_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * How long the receiver asked to be left alone, in milliseconds from `now`; null for no (or an
 * unreadable) header, or a status that does not throttle. A date in the past is no wait.
 */
export function retryAfterMs(
  status: number | null,
  header: string | null,
  now: Date,
): number | null {
  if (status === null || !THROTTLING_STATUSES.has(status) || header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date (RFC 9110 IMF-fixdate, or the obsolete forms Date.parse also reads).
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
