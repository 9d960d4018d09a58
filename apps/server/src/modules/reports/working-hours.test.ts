import { describe, expect, it } from 'vitest';
import { localDay, secondsWithin, zonedInstant } from './working-hours.js';

const H = 3600;
const at = (iso: string) => new Date(iso);
const office = { start: '08:00', end: '17:00' };

describe('secondsWithin: the part of a duration inside working hours', () => {
  it('counts a span inside one working day whole', () => {
    // 09:00–10:30 in Jakarta (UTC+7) is 02:00–03:30 UTC.
    expect(
      secondsWithin(at('2026-03-02T02:00:00Z'), at('2026-03-02T03:30:00Z'), office, 'Asia/Jakarta'),
    ).toBe(1.5 * H);
  });

  it('cuts a span at the end of the day and starts again the next morning', () => {
    // 16:00 Monday to 09:30 Tuesday, Jakarta: 1 h Monday + 1.5 h Tuesday.
    expect(
      secondsWithin(at('2026-03-02T09:00:00Z'), at('2026-03-03T02:30:00Z'), office, 'Asia/Jakarta'),
    ).toBe(2.5 * H);
  });

  it('counts nothing for a span entirely at night', () => {
    // 20:00 to 07:59 local.
    expect(
      secondsWithin(at('2026-03-02T13:00:00Z'), at('2026-03-03T00:59:00Z'), office, 'Asia/Jakarta'),
    ).toBe(0);
  });

  it('adds whole working days over a span of several days', () => {
    // Monday 08:00 to Thursday 08:00 local: three full 9-hour days.
    expect(
      secondsWithin(at('2026-03-02T01:00:00Z'), at('2026-03-05T01:00:00Z'), office, 'Asia/Jakarta'),
    ).toBe(27 * H);
  });

  it('reads the hours in the account’s zone, not UTC', () => {
    // The same instants are 09:00–10:30 in Jakarta but 02:00–03:30 in London (no work there).
    const from = at('2026-03-02T02:00:00Z');
    const to = at('2026-03-02T03:30:00Z');
    expect(secondsWithin(from, to, office, 'Asia/Jakarta')).toBe(1.5 * H);
    expect(secondsWithin(from, to, office, 'Europe/London')).toBe(0);
    // Makassar is UTC+8: 10:00–11:30 there.
    expect(secondsWithin(from, to, office, 'Asia/Makassar')).toBe(1.5 * H);
  });

  it('handles hours over midnight (22:00–06:00)', () => {
    const night = { start: '22:00', end: '06:00' };
    // 21:00 to 07:00 local: 22:00–06:00 = 8 h.
    expect(
      secondsWithin(at('2026-03-02T14:00:00Z'), at('2026-03-03T00:00:00Z'), night, 'Asia/Jakarta'),
    ).toBe(8 * H);
    // 01:00 to 03:00 local: inside the window that began the evening before.
    expect(
      secondsWithin(at('2026-03-02T18:00:00Z'), at('2026-03-02T20:00:00Z'), night, 'Asia/Jakarta'),
    ).toBe(2 * H);
  });

  it('treats equal start and end as the whole day', () => {
    expect(
      secondsWithin(
        at('2026-03-02T00:00:00Z'),
        at('2026-03-04T12:00:00Z'),
        { start: '00:00', end: '00:00' },
        'Asia/Jakarta',
      ),
    ).toBe(60 * H);
  });

  it('is zero for an empty or reversed span', () => {
    const t = at('2026-03-02T03:00:00Z');
    expect(secondsWithin(t, t, office, 'Asia/Jakarta')).toBe(0);
    expect(secondsWithin(t, at('2026-03-02T02:00:00Z'), office, 'Asia/Jakarta')).toBe(0);
  });

  it('counts the real length of a day with a daylight-saving change', () => {
    // New York springs forward on 8 March 2026 at 02:00: 00:00–06:00 local is 5 real hours.
    const allDay = { start: '00:00', end: '00:00' };
    const from = new Date(zonedInstant(2026, 3, 8, 0, 'America/New_York'));
    const to = new Date(zonedInstant(2026, 3, 8, 6 * 60, 'America/New_York'));
    expect(secondsWithin(from, to, allDay, 'America/New_York')).toBe(5 * H);
    // 08:00–17:00 that day is still nine hours of work.
    const dayStart = new Date(zonedInstant(2026, 3, 8, 0, 'America/New_York'));
    const dayEnd = new Date(zonedInstant(2026, 3, 9, 0, 'America/New_York'));
    expect(secondsWithin(dayStart, dayEnd, office, 'America/New_York')).toBe(9 * H);
  });
});

describe('localDay', () => {
  it('puts an instant on the account’s calendar day', () => {
    // 20:00 UTC on the 12th is 03:00 on the 13th in Jakarta.
    expect(localDay(at('2026-01-12T20:00:00Z'), 'Asia/Jakarta')).toBe('2026-01-13');
    expect(localDay(at('2026-01-12T16:59:59Z'), 'Asia/Jakarta')).toBe('2026-01-12');
    expect(localDay(at('2026-01-12T17:00:00Z'), 'Asia/Jakarta')).toBe('2026-01-13');
    expect(localDay(at('2026-01-12T20:00:00Z'), 'UTC')).toBe('2026-01-12');
  });
});
