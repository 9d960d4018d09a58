import { describe, expect, it } from 'vitest';
import { BACKOFFICE_KEYS } from './settings.js';
import { checkOpsSetting, OPS_SETTING_KEYS } from './ops-settings.js';

describe('checkOpsSetting', () => {
  it('covers every back-office key except the derived ones', () => {
    const derived = ['saldo', 'bo.due_date', 'bo.billing_period'];
    expect([...OPS_SETTING_KEYS].sort()).toEqual(
      BACKOFFICE_KEYS.filter((k) => !derived.includes(k)).sort(),
    );
  });

  it.each([
    ['bo.userInitiatePrice', '350', '350'],
    ['bo.minimumBalance', ' 025000 ', '25000'],
    ['bo.ppn', '11', '11'],
    ['bo.ppn', '11.50', '11.5'],
    ['bo.broadcast_limit', '0', '0'],
    ['payment_tolerant_in_day', '7', '7'],
    ['bo.isCsat', 'true', 'true'],
    ['bo.payment_gateway', 'midtrans', 'midtrans'],
    ['topupPrices', '[250000, 100000, 100000]', '[100000,250000]'],
    ['billPrices', '{"growth":{"monthly":699000}}', '{"growth":{"monthly":699000}}'],
    ['bo.onboardingDate', '2026-01-31', '2026-01-31T00:00:00.000Z'],
  ])('%s accepts %j as %j', (key, raw, stored) => {
    expect(checkOpsSetting(key, raw)).toEqual({ value: stored, error: null });
  });

  it.each([
    ['bo.userInitiatePrice', '-1'],
    ['bo.userInitiatePrice', '3.5'],
    ['bo.userInitiatePrice', '2000000000'],
    ['bo.ppn', '101'],
    ['bo.ppn', '11.123'],
    ['payment_tolerant_in_day', '91'],
    ['bo.isCsat', 'yes'],
    ['bo.payment_gateway', 'paypal'],
    ['topupPrices', '[]'],
    ['topupPrices', '[100000, -5]'],
    ['topupPrices', 'not json'],
    ['billPrices', '{"growth":{"weekly":1}}'],
    ['bo.onboardingDate', '31/01/2026'],
    ['saldo', '1000'],
    ['token', 'abc'],
    ['welcomeMessage', 'hi'],
  ])('%s refuses %j with a sentence', (key, raw) => {
    const checked = checkOpsSetting(key, raw);
    expect(checked.value).toBeNull();
    expect(checked.error).toMatch(new RegExp(`^${key.replace('.', '\\.')} (must|is not)`));
  });

  it('reads empty and null as the platform default', () => {
    expect(checkOpsSetting('bo.ppn', null)).toEqual({ value: null, error: null });
    expect(checkOpsSetting('bo.ppn', '  ')).toEqual({ value: null, error: null });
  });
});
