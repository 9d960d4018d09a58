import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, tooManyAttemptsMessage, validationMessage } from '@sapa/contracts';
import { errorMessage, translateMessage } from './messages';
import { HttpError } from './http';
import { i18n, LANGUAGE_STORAGE_KEY, NAMESPACES, setLanguage } from './i18n';
import { resources } from './i18nResources';

afterEach(async () => {
  await setLanguage('en');
});

// i18next plural forms differ by language (Indonesian has only "other"), so compare base keys.
function baseKeys(value: unknown): string[] {
  return [...new Set(keysOf(value).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))];
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale files', () => {
  it("keep the spec's English messages verbatim (straight from contracts)", () => {
    expect(resources.en.messages).toEqual(MESSAGES);
  });

  it.each(NAMESPACES)('Indonesian %s has every English key, and no empty text', (ns) => {
    expect(baseKeys(resources.id[ns]).sort()).toEqual(baseKeys(resources.en[ns]).sort());
    for (const key of keysOf(resources.id[ns])) {
      const text = i18n.getResource('id', ns, key) as unknown;
      expect(typeof text === 'string' && text.trim().length > 0, `${ns}:${key}`).toBe(true);
    }
  });

  it('really translates the common namespace', () => {
    const en = keysOf(resources.en.common);
    const same = en.filter(
      (key) => i18n.getResource('en', 'common', key) === i18n.getResource('id', 'common', key),
    );
    // Brand names, codes and language names legitimately stay the same.
    expect(same.length / en.length).toBeLessThan(0.2);
  });
});

describe('setLanguage', () => {
  it('switches the language and remembers it', async () => {
    await setLanguage('id');
    expect(i18n.language).toBe('id');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    expect(i18n.t('common:nav.logout')).toBe('Keluar');
  });
});

describe('translateMessage', () => {
  it('passes English through and translates known sentences in Indonesian', async () => {
    expect(translateMessage(MESSAGES.sessionExpired)).toBe('Your session has expired');
    await setLanguage('id');
    expect(translateMessage(MESSAGES.sessionExpired)).toBe('Sesi Anda telah berakhir');
    expect(translateMessage('Something the server made up')).toBe('Something the server made up');
  });

  it("says a 429's wait in the user's language", async () => {
    expect(translateMessage(tooManyAttemptsMessage(1, 'second'))).toBe(
      'Too many attempts. Try again in 1 second.',
    );
    expect(translateMessage(tooManyAttemptsMessage(15, 'minute'))).toBe(
      'Too many attempts. Try again in 15 minutes.',
    );
    await setLanguage('id');
    expect(translateMessage(tooManyAttemptsMessage(15, 'minute'))).toBe(
      'Terlalu banyak percobaan. Coba lagi dalam 15 menit.',
    );
    expect(translateMessage(tooManyAttemptsMessage(30, 'second'))).toBe(
      'Terlalu banyak percobaan. Coba lagi dalam 30 detik.',
    );
  });

  it('translates the shared validation sentences with their field', async () => {
    await setLanguage('id');
    expect(translateMessage(validationMessage.required('email'))).toBe('Kolom email wajib diisi');
    expect(translateMessage(validationMessage.min('password', 8))).toBe(
      'Kolom kata sandi minimal 8 karakter',
    );
    expect(translateMessage(validationMessage.max('unknown thing', 60))).toBe(
      'Kolom unknown thing tidak boleh lebih dari 60 karakter',
    );
    expect(translateMessage(validationMessage.nul('search'))).toBe(
      'Kolom pencarian tidak boleh memuat karakter NUL',
    );
  });

  it('errorMessage uses an HttpError message, else the fallback', async () => {
    await setLanguage('id');
    const error = new HttpError({ status: 401, message: MESSAGES.loginFailed });
    expect(errorMessage(error)).toBe('Ups, email dan kata sandi tidak cocok.');
    expect(errorMessage(new Error('boom'))).toBe('Terjadi kesalahan');
    expect(errorMessage(null, 'serverNotResponding')).toBe(
      'Server kami tidak merespons dengan baik',
    );
  });
});
