import { describe, expect, it } from 'vitest';
import { formatCurrency, formatNumber, normalizePhone, truncatePreview } from './format.js';

describe('formatNumber (§9: dot thousands, comma decimals)', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1.000'],
    [1234567, 0, '1.234.567'],
    [1234.5, 2, '1.234,50'],
    [-2500000, 0, '-2.500.000'],
    [-0.001, 2, '0,00'],
  ])('%d (%d digits) → %s', (value, digits, out) => {
    expect(formatNumber(value, digits)).toBe(out);
  });

  it('formats rupiah', () => {
    expect(formatCurrency(1500000)).toBe('Rp 1.500.000');
  });
});

describe('truncatePreview (§9)', () => {
  it('keeps 22 characters and adds an ellipsis', () => {
    expect(truncatePreview('a'.repeat(22))).toBe('a'.repeat(22));
    expect(truncatePreview('Hello there, how are you doing today?')).toBe(
      'Hello there, how are y...',
    );
  });
});

describe('normalizePhone (§5)', () => {
  it.each([
    ['+6281234567890', '81234567890'],
    ['6281234567890', '81234567890'],
    ['081234567890', '81234567890'],
    ['81234567890', '81234567890'],
    ['+62 812-3456-7890', '81234567890'],
  ])('%s → %s', (raw, canonical) => {
    expect(normalizePhone(raw)).toBe(canonical);
  });
});
