import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber, formatTime } from './format';

describe('format', () => {
  it('re-exports the dot-thousands, comma-decimals number format', () => {
    expect(formatNumber(1234567.5, 1)).toBe('1.234.567,5');
    expect(formatCurrency(150000)).toBe('Rp 150.000');
  });

  it("re-exports the dates and times of lib/datetime (the account's zone, 24-hour)", () => {
    const instant = Date.UTC(2025, 1, 5, 7, 30); // 14:30 in Jakarta
    expect(formatDate(instant)).toBe('5 Feb 2025');
    expect(formatTime(instant)).toBe('14:30');
  });
});
