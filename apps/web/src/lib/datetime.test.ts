import { afterEach, describe, expect, it } from 'vitest';
import {
  accountTimeZone,
  dayKey,
  daysBetween,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatTime,
  fromWallTime,
  setAccountTimeZone,
  toWallTime,
  zoneLabel,
} from './datetime';
import { setLanguage } from './i18n';

afterEach(async () => {
  setAccountTimeZone(null);
  await setLanguage('en');
});

// 17:00 UTC on 25 November 2026: already the 26th in Jakarta (UTC+7).
const instant = Date.UTC(2026, 10, 25, 17, 0);

describe("the account's zone", () => {
  it('defaults to Asia/Jakarta and converts every instant to it', () => {
    expect(accountTimeZone()).toBe(DEFAULT_TIME_ZONE);
    expect(formatTime(instant)).toBe('00:00');
    expect(formatDate(instant)).toBe('26 Nov 2026');
    expect(formatDateTime(instant)).toBe('26 Nov 2026, 00:00');
    expect(dayKey(instant)).toBe('2026-11-26');
  });

  it('follows the zone the session sets, and falls back on an unknown one', () => {
    setAccountTimeZone('UTC');
    expect(formatDateTime(instant)).toBe('25 Nov 2026, 17:00');
    setAccountTimeZone('Asia/Makassar');
    expect(formatTime(instant)).toBe('01:00');
    setAccountTimeZone('Mars/Olympus');
    expect(accountTimeZone()).toBe('Asia/Jakarta');
  });

  it('counts calendar days in the zone', () => {
    const before = Date.UTC(2026, 10, 25, 16, 59); // 23:59 WIB on the 25th
    expect(daysBetween(before, instant)).toBe(1);
    expect(daysBetween(before, instant, 'UTC')).toBe(0);
  });
});

describe('24-hour times', () => {
  it('never show AM/PM, in either language', async () => {
    const afternoon = Date.UTC(2026, 10, 25, 9, 7); // 16:07 WIB
    expect(formatTime(afternoon)).toBe('16:07');
    await setLanguage('id');
    expect(formatTime(afternoon)).toBe('16:07');
    expect(formatDateTime(afternoon)).toBe('25 Nov 2026, 16:07');
  });
});

describe('dates in the UI language', () => {
  it('name the month in English or Indonesian', async () => {
    const christmas = Date.UTC(2026, 11, 25, 3, 0);
    expect(formatDate(christmas)).toBe('25 Dec 2026');
    await setLanguage('id');
    expect(formatDate(christmas)).toBe('25 Des 2026');
    expect(formatDate(Date.UTC(2025, 7, 17, 3, 0))).toBe('17 Agu 2025');
    expect(formatDate(christmas, { lng: 'en' })).toBe('25 Dec 2026');
  });

  it('show a date-only value as the day it names, in any zone', () => {
    setAccountTimeZone('America/Los_Angeles');
    expect(formatDate('2026-11-25')).toBe('25 Nov 2026');
  });

  it('give an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('zone labels', () => {
  it('say the zone as people here do, then its name', () => {
    expect(zoneLabel('Asia/Jakarta')).toBe('WIB (Asia/Jakarta)');
    expect(zoneLabel('Asia/Makassar')).toBe('WITA (Asia/Makassar)');
    expect(zoneLabel('UTC')).toBe('UTC');
  });
});

describe('wall-clock values (schedule pickers)', () => {
  it("read a picker's value as a time in the account's zone", () => {
    expect(fromWallTime('2026-11-26 00:00:00')?.toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(fromWallTime('2026-11-26 09:30', 'UTC')?.toISOString()).toBe('2026-11-26T09:30:00.000Z');
    expect(fromWallTime('2026-11-26')).toBeNull();
  });

  it('land on the right side of a summer-time change', () => {
    // New York moved from UTC-4 to UTC-5 on 1 November 2026.
    expect(fromWallTime('2026-10-31 12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    expect(fromWallTime('2026-11-02 12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-11-02T17:00:00.000Z',
    );
  });

  it('write an instant back as the same wall clock', () => {
    expect(toWallTime(instant)).toBe('2026-11-26 00:00:00');
    expect(fromWallTime(toWallTime(instant))?.getTime()).toBe(instant);
  });
});
