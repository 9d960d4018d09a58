import { describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, RECIPIENT_REASONS } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { resources } from '../../lib/i18nResources';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('broadcasts strings', () => {
  it('are really translated (under 20% identical)', () => {
    const keys = keysOf(resources.en.broadcasts);
    const same = keys.filter(
      (k) => i18n.getResource('en', 'broadcasts', k) === i18n.getResource('id', 'broadcasts', k),
    );
    expect(same.length / keys.length).toBeLessThan(0.2);
  });

  it('translate every server message and row reason of the contracts', () => {
    expect(Object.keys(resources.en.broadcasts.server).sort()).toEqual(
      Object.keys({ ...BROADCAST_MESSAGES, ...RECIPIENT_REASONS }).sort(),
    );
  });
});
