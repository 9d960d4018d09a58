import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

const at = (iso: string) => new Date(iso);

describe('countdown (days, hours, minutes)', () => {
  it('splits the time left into days, hours and minutes', () => {
    expect(countdown(at('2026-01-01T00:00:00Z'), at('2026-01-03T05:07:00Z'))).toEqual({
      days: 2,
      hours: 5,
      minutes: 7,
    });
  });
  it('rounds a part minute up, so a start seconds away reads one minute', () => {
    expect(countdown(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:30Z'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 1,
    });
    expect(countdown(at('2026-01-01T00:00:01Z'), at('2026-01-01T01:00:00Z'))).toEqual({
      days: 0,
      hours: 1,
      minutes: 0,
    });
  });
  it('is null once the start time has come or for an invalid date', () => {
    expect(countdown(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'))).toBeNull();
    expect(countdown(at('2026-01-01T00:00:00Z'), at('2025-12-31T23:00:00Z'))).toBeNull();
    expect(countdown(at('2026-01-01T00:00:00Z'), new Date('nope'))).toBeNull();
  });
});
