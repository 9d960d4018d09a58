import { afterEach, describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatTime } from './format';
import { setLanguage } from './i18n';

afterEach(async () => {
  await setLanguage('en');
});

// Local-time constructor so the assertions hold in any time zone.
const date = new Date(2025, 1, 5, 14, 30);

describe('format', () => {
  it('re-exports the dot-thousands, comma-decimals number format', () => {
    expect(formatNumber(1234567.5, 1)).toBe('1.234.567,5');
    expect(formatCurrency(150000)).toBe('Rp 150.000');
  });

  it('formats dates in English by default', () => {
    expect(formatDate(date)).toBe('5 Feb 2025');
    expect(formatTime(date)).toBe('14:30');
    expect(formatDateTime(date)).toContain('14:30');
  });

  it('follows the current language', async () => {
    await setLanguage('id');
    expect(formatDate(date)).toBe('5 Feb 2025');
    expect(formatDate(new Date(2025, 7, 17))).toBe('17 Agu 2025');
    expect(formatTime(date)).toBe('14.30');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
