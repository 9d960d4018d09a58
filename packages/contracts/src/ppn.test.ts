import { describe, expect, it } from 'vitest';
import { ppnOf } from './ppn.js';

describe('ppnOf', () => {
  it('taxes 11/12 of the price at 12 %: effectively 11 %', () => {
    expect(ppnOf(100_000)).toEqual({
      amount: 100_000,
      ppnRate: 11,
      taxBase: 91_667,
      ppn: 11_000,
      gross: 111_000,
    });
  });

  it("matches the reference's worked example (Rp 50,000,000)", () => {
    const r = ppnOf(50_000_000, 11);
    expect(r.taxBase).toBe(45_833_333);
    expect(r.ppn).toBe(5_500_000);
  });

  it('rounds each step to the rupiah, half up', () => {
    // 6 × 11 / 12 = 5.5 → 6; 6 × 12 % = 0.72 → 1
    expect(ppnOf(6)).toMatchObject({ taxBase: 6, ppn: 1, gross: 7 });
    // 299,000 × 11/12 = 274,083.33 → 274,083; × 12 % = 32,889.96 → 32,890
    expect(ppnOf(299_000)).toMatchObject({ taxBase: 274_083, ppn: 32_890, gross: 331_890 });
  });

  it('a full 12 % rate taxes the whole price; 0 taxes nothing', () => {
    expect(ppnOf(100_000, 12)).toMatchObject({ taxBase: 100_000, ppn: 12_000 });
    expect(ppnOf(100_000, 0)).toMatchObject({ taxBase: 100_000, ppn: 0, gross: 100_000 });
  });

  it('refuses fractions of a rupiah and rates outside 0–12', () => {
    expect(() => ppnOf(10.5)).toThrow(RangeError);
    expect(() => ppnOf(-1)).toThrow(RangeError);
    expect(() => ppnOf(1000, 13)).toThrow(RangeError);
  });
});
