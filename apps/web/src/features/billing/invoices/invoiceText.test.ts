import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { resources } from '../../../lib/i18nResources';
import { lineText, ppnLabelRate, taxBaseFraction } from './invoiceText';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const plan = {
  kind: 'plan' as const,
  orderType: 'subscription' as const,
  plan: 'Growth',
  billingPeriod: 'monthly' as const,
  periodStart: '2026-01-14T18:00:00.000Z',
  periodEnd: '2026-02-14T18:00:00.000Z',
};

describe('invoice lines', () => {
  it('name a top-up and a plan with its period in each language, on the Jakarta calendar', () => {
    const en = i18n.getFixedT('en', 'invoices');
    const id = i18n.getFixedT('id', 'invoices');
    expect(lineText({ kind: 'topup' }, en, 'en')).toBe('Saldo top-up');
    expect(lineText({ kind: 'topup' }, id, 'id')).toBe('Isi ulang saldo');
    // 18:00 UTC is already the next day in Jakarta.
    expect(lineText(plan, en, 'en')).toBe('Growth plan, monthly, 15 Jan 2026 – 15 Feb 2026');
    expect(lineText({ ...plan, orderType: 'renewal', billingPeriod: 'yearly' }, id, 'id')).toBe(
      'Perpanjangan paket Growth, tahunan, 15 Jan 2026 – 15 Feb 2026',
    );
    expect(lineText({ ...plan, periodStart: null, periodEnd: null }, en, 'en')).toBe(
      'Growth plan, monthly',
    );
  });

  it('show the DPP fraction only for a reduced base, and PPN at the statutory 12 %', () => {
    expect(taxBaseFraction(11)).toBe('11/12');
    expect(taxBaseFraction(11.5)).toBe('11,5/12');
    expect(taxBaseFraction(12)).toBe('');
    expect(taxBaseFraction(0)).toBe('');
    expect(ppnLabelRate(11)).toBe(12);
    expect(ppnLabelRate(0)).toBe(0);
  });
});

describe('invoices strings', () => {
  it('have the same keys in English and Indonesian', () => {
    expect(keysOf(resources.id.invoices).sort()).toEqual(keysOf(resources.en.invoices).sort());
  });

  it('are really translated (under 20% identical)', () => {
    const keys = keysOf(resources.en.invoices);
    const same = keys.filter(
      (k) => i18n.getResource('en', 'invoices', k) === i18n.getResource('id', 'invoices', k),
    );
    expect(same.length / keys.length).toBeLessThan(0.2);
  });
});
