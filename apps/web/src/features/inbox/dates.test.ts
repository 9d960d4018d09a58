import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel } from './dates';

// The account's zone is the default, Asia/Jakarta (UTC+7), whatever zone runs the tests.
const wib = (day: number, hour: number, minute: number) => Date.UTC(2025, 2, day, hour - 7, minute);
const NOW = wib(12, 10, 0); // Wednesday 12 March 2025, 10:00 WIB

describe('day separators', () => {
  it("say Today and Yesterday by the account's calendar day, not by 24 hours", () => {
    // 00:05 WIB is still the 11th in UTC: the account's day decides.
    expect(dayLabel(wib(12, 0, 5), NOW)).toEqual({ kind: 'today' });
    expect(dayLabel(wib(11, 23, 59), NOW)).toEqual({ kind: 'yesterday' });
  });

  it('name the weekday within the last week, in English and Indonesian', () => {
    const monday = wib(10, 9, 0);
    expect(dayLabel(monday, NOW, 'en')).toEqual({ kind: 'date', text: 'Monday' });
    expect(dayLabel(monday, NOW, 'id')).toEqual({ kind: 'date', text: 'Senin' });
  });

  it('give the full date before that', () => {
    const old = Date.UTC(2025, 1, 5, 2, 0);
    expect(dayLabel(old, NOW, 'en')).toEqual({ kind: 'date', text: '5 February 2025' });
    expect(dayLabel(old, NOW, 'id')).toEqual({ kind: 'date', text: '5 Februari 2025' });
  });

  it("group by the account's calendar day", () => {
    expect(dayKey(wib(12, 0, 1))).toBe(dayKey(wib(12, 23, 59)));
    expect(dayKey(wib(12, 0, 1))).not.toBe(dayKey(wib(11, 23, 59)));
  });
});
