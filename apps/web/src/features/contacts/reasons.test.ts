import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_REASONS, MESSAGES } from '@sapa/contracts';
import { setLanguage } from '../../lib/i18n';
import { translateReason } from './reasons';

describe('translateReason', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('matches the filled-in templates back to their keys, in English and Indonesian', async () => {
    await setLanguage('en');
    expect(translateReason('Unknown label: Gold: VIP')).toBe('Unknown label: Gold: VIP');
    await setLanguage('id');
    expect(translateReason('Unknown label: Gold')).toBe('Label tidak dikenal: Gold');
    expect(translateReason('tier must be a number')).toBe('tier harus berupa angka');
    expect(translateReason(CONTACT_REASONS.phoneEmpty)).toBe('Nomor telepon kosong');
  });

  it('passes the spec messages to the shared translator and leaves unknown text alone', async () => {
    await setLanguage('id');
    expect(translateReason(MESSAGES.invalidPhone)).not.toBe(MESSAGES.invalidPhone);
    expect(translateReason('Something new')).toBe('Something new');
  });

  it('every reason has a translation in both languages', async () => {
    for (const language of ['en', 'id'] as const) {
      await setLanguage(language);
      for (const template of Object.values(CONTACT_REASONS)) {
        expect(translateReason(template)).not.toMatch(/^contacts:|reasons\./);
      }
    }
  });
});
