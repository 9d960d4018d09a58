import { describe, expect, it, vi } from 'vitest';

// A fresh copy of the module: the test setup has already loaded every namespace into the shared one.
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

describe('namespaces on demand', () => {
  it('starts with the core namespaces in both languages and no feature screen', async () => {
    const { i18n, CORE_NAMESPACES } = await freshI18n();
    for (const lng of ['en', 'id']) {
      for (const ns of CORE_NAMESPACES) expect(i18n.hasResourceBundle(lng, ns), ns).toBe(true);
      expect(i18n.hasResourceBundle(lng, 'inbox')).toBe(false);
    }
    expect(i18n.t('auth:login.submit')).toBe('Sign in');
  });

  it('adds every feature namespace in both languages with loadFeatureLocales', async () => {
    const { i18n, loadFeatureLocales, NAMESPACES } = await freshI18n();
    await loadFeatureLocales();
    for (const lng of ['en', 'id']) {
      for (const ns of NAMESPACES)
        expect(i18n.hasResourceBundle(lng, ns), `${lng} ${ns}`).toBe(true);
    }
  });

  it('loads a feature namespace asked for by name (what useTranslation does)', async () => {
    const { i18n } = await freshI18n();
    expect(i18n.hasLoadedNamespace('broadcasts')).toBe(false);
    await i18n.loadNamespaces('broadcasts');
    expect(i18n.hasLoadedNamespace('broadcasts')).toBe(true);
    expect(i18n.getResourceBundle('id', 'broadcasts')).toBeTruthy();
  });
});
