import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  periodPrice,
  ppnRateOf,
  taxBaseFraction,
  topupPresets,
  yearlySaving,
} from './money';

const STARTER = {
  _id: 'p1',
  code: 'starter',
  name: 'Starter',
  description: '',
  price: 299_000,
  billingPeriod: 'monthly' as const,
  agentLimit: 3,
  features: [],
  trialDays: 14,
  // The server names a yearly price for every plan; 0 means it is not sold by the year.
  yearlyPrice: 0,
};

describe('top-up presets (topupPrices)', () => {
  it('keeps whole amounts within the order bounds, sorted, once each', () => {
    expect(topupPresets('[500000, 100000, "250000", 100000, 5000, 250000.5, -1, "x"]')).toEqual([
      100_000, 250_000, 500_000,
    ]);
    expect(topupPresets('[100000,250000,500000,1000000]')).toEqual([
      100_000, 250_000, 500_000, 1_000_000,
    ]);
  });

  it('offers none when the setting is missing or not a list', () => {
    expect(topupPresets(null)).toEqual([]);
    expect(topupPresets('')).toEqual([]);
    expect(topupPresets('100000')).toEqual([]);
    expect(topupPresets('{oops')).toEqual([]);
  });
});

describe('bo.ppn as orders are priced', () => {
  it('reads 0 to 12, and the legal 11 otherwise', () => {
    expect(ppnRateOf('11')).toBe(11);
    expect(ppnRateOf('0')).toBe(0);
    expect(ppnRateOf('12')).toBe(12);
    expect(ppnRateOf('11.5')).toBe(11.5);
    for (const raw of [null, undefined, '', ' ', '13', '-1', 'eleven'])
      expect(ppnRateOf(raw)).toBe(11);
  });

  it('names the tax base fraction only when it is a part of the price', () => {
    expect(taxBaseFraction(11)).toBe('11/12');
    expect(taxBaseFraction(11.5)).toBe('11,5/12');
    expect(taxBaseFraction(12)).toBeNull();
    expect(taxBaseFraction(0)).toBeNull();
  });
});

describe('a custom amount', () => {
  it('must be within Rp 10.000 and Rp 100.000.000', () => {
    expect(amountProblem(null)).toBe('required');
    expect(amountProblem(0)).toBe('required');
    expect(amountProblem(9_999)).toBe('min');
    expect(amountProblem(10_000)).toBeNull();
    expect(amountProblem(100_000_000)).toBeNull();
    expect(amountProblem(100_000_001)).toBe('max');
  });
});

describe('plan prices by period', () => {
  it('sells a year at its own price, and says what it saves', () => {
    const yearly = { ...STARTER, yearlyPrice: 2_990_000 };
    expect(periodPrice(yearly, 'monthly')).toBe(299_000);
    expect(periodPrice(yearly, 'yearly')).toBe(2_990_000);
    expect(yearlySaving(yearly)).toBe(17);
  });

  it('has no yearly price (and no saving) when the plan names none', () => {
    expect(periodPrice(STARTER, 'yearly')).toBeNull();
    expect(yearlySaving(STARTER)).toBeNull();
    expect(yearlySaving({ ...STARTER, yearlyPrice: 299_000 * 12 })).toBeNull();
  });
});
