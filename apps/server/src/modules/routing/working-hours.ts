/**
 * Working hours in the account's time zone, "HH:mm" to "HH:mm". The start is inclusive and the
 * end exclusive; an end before the start spans midnight (22:00–06:00), and equal times mean the
 * whole day.
 */
export function minutesInZone(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return get('hour') * 60 + get('minute');
}

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export function withinWorkingHours(
  at: Date,
  start: string,
  end: string,
  timezone: string,
): boolean {
  const now = minutesInZone(at, timezone);
  const from = toMinutes(start);
  const to = toMinutes(end);
  if (from === to) return true;
  if (from < to) return now >= from && now < to;
  return now >= from || now < to;
}
