import { describe, expect, it } from 'vitest';
import { addPeriod } from './periods.js';

describe('addPeriod', () => {
  it('adds a calendar month at the same wall-clock time in the zone', () => {
    expect(addPeriod(new Date('2026-01-15T03:00:00Z'), 'monthly', 'Asia/Jakarta')).toEqual(
      new Date('2026-02-15T03:00:00Z'),
    );
  });

  it("clamps to the month's last day: 31 January → 28 February, in the account's calendar", () => {
    // 31 January 00:30 in Jakarta is still 30 January in UTC.
    expect(addPeriod(new Date('2026-01-30T17:30:00Z'), 'monthly', 'Asia/Jakarta')).toEqual(
      new Date('2026-02-27T17:30:00Z'),
    );
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly', 'UTC')).toEqual(
      new Date('2026-02-28T10:00:00Z'),
    );
  });

  it('adds a year, leap day included', () => {
    expect(addPeriod(new Date('2028-02-29T01:00:00Z'), 'yearly', 'Asia/Jakarta')).toEqual(
      new Date('2029-02-28T01:00:00Z'),
    );
    expect(addPeriod(new Date('2026-12-31T20:00:00Z'), 'monthly', 'Asia/Jakarta', 2)).toEqual(
      new Date('2027-02-28T20:00:00Z'),
    );
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // 10:00 in New York on 1 March (EST) → 10:00 on 1 April (EDT), one hour less in UTC.
    expect(addPeriod(new Date('2026-03-01T15:00:00Z'), 'monthly', 'America/New_York')).toEqual(
      new Date('2026-04-01T14:00:00Z'),
    );
  });
});
