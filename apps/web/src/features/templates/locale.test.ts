import { describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES, TEMPLATE_RULES } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { resources } from '../../lib/i18nResources';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('templates strings', () => {
  it('are really translated (under 20% identical)', () => {
    const keys = keysOf(resources.en.templates);
    const same = keys.filter(
      (k) => i18n.getResource('en', 'templates', k) === i18n.getResource('id', 'templates', k),
    );
    expect(same.length / keys.length).toBeLessThan(0.2);
  });

  it('have an entry for every contract rule and API message', () => {
    expect(Object.keys(resources.en.templates.rules).sort()).toEqual(
      Object.keys(TEMPLATE_RULES).sort(),
    );
    expect(Object.keys(resources.en.templates.errors).sort()).toEqual(
      Object.keys(TEMPLATE_MESSAGES).sort(),
    );
  });
});
