import { formatDateTime } from '../../lib/format';

/**
 * "26 Nov 2026, 14:05:09": a delivery log needs seconds, since retries and the events of one
 * chat are seconds apart. Seconds are the same in every zone Sapa's accounts use.
 */
export function formatLogTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDateTime(date)}:${String(date.getUTCSeconds()).padStart(2, '0')}`;
}
