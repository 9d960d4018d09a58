import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel } from './dates';

const NOW = new Date(2025, 2, 12, 10, 0).getTime(); // Wednesday 12 March 2025, local time

describe('day separators', () => {
  it('say Today and Yesterday by calendar day, not by 24 hours', () => {
    expect(dayLabel(new Date(2025, 2, 12, 0, 5).getTime(), NOW)).toEqual({ kind: 'today' });
    expect(dayLabel(new Date(2025, 2, 11, 23, 59).getTime(), NOW)).toEqual({
      kind: 'yesterday',
    });
  });

  it('name the weekday within the last week, in English and Indonesian', () => {
    const monday = new Date(2025, 2, 10, 9, 0).getTime();
    expect(dayLabel(monday, NOW, 'en')).toEqual({ kind: 'date', text: 'Monday' });
    expect(dayLabel(monday, NOW, 'id')).toEqual({ kind: 'date', text: 'Senin' });
  });

  it('give the full date before that', () => {
    const old = new Date(2025, 1, 5, 9, 0).getTime();
    expect(dayLabel(old, NOW, 'en')).toEqual({ kind: 'date', text: '5 February 2025' });
    expect(dayLabel(old, NOW, 'id')).toEqual({ kind: 'date', text: '5 Februari 2025' });
  });

  it('group by local calendar day', () => {
    expect(dayKey(new Date(2025, 2, 12, 0, 1).getTime())).toBe(
      dayKey(new Date(2025, 2, 12, 23, 59).getTime()),
    );
    expect(dayKey(new Date(2025, 2, 12, 0, 1).getTime())).not.toBe(
      dayKey(new Date(2025, 2, 11, 23, 59).getTime()),
    );
  });
});
