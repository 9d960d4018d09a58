import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '@sapa/contracts';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enValidation from '../locales/en/validation.json';
import idAuth from '../locales/id/auth.json';
import idCommon from '../locales/id/common.json';
import idMessages from '../locales/id/messages.json';
import idValidation from '../locales/id/validation.json';

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'sapa.lang';

/**
 * common: shell, menus, layouts, error pages, guard toasts, generic buttons.
 * messages: the spec's fixed toasts and server messages (contracts MESSAGES, by key).
 * validation: the shared validation helper's sentences (contracts validationMessage).
 * auth, settings, billing, home, inbox (chat list), conversation (message pane and composer),
 * chatActions (assign, labels, flag, archive, block, resolve), tickets, integrations, topup (the
 * top-up page, orders, payments and the balance history), reports (/report and the dashboard's
 * figures), csat (the answers in conversations; the public survey page adds it itself): feature
 * screens.
 */
export const NAMESPACES = [
  'common',
  'messages',
  'validation',
  'auth',
  'settings',
  'billing',
  'home',
  'inbox',
  'conversation',
  'chatActions',
  'tickets',
  'contacts',
  'contactGroups',
  'integrations',
  'routing',
  'inboxTemplates',
  'templates',
  'broadcasts',
  'invoices',
  'topup',
  'reports',
  'csat',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every screen, the sign-in pages included, needs: bundled with the app's first script. */
export const CORE_NAMESPACES = ['common', 'messages', 'validation', 'auth'] as const;

export const coreResources = {
  en: {
    common: enCommon,
    // The spec's English wording lives in contracts (server and web share it); never copied.
    messages: MESSAGES,
    validation: enValidation,
    auth: enAuth,
  },
  id: {
    common: idCommon,
    messages: idMessages,
    validation: idValidation,
    auth: idAuth,
  },
} as const;

/**
 * The feature screens' namespaces, both languages in one download, added to i18next at once: the
 * signed-in layouts wait for it before they render (so `i18n.t` outside React finds them too),
 * and a `useTranslation` of a namespace not there yet suspends until it is (the backend below).
 */
let featureLocales: Promise<void> | null = null;
export function loadFeatureLocales(): Promise<void> {
  if (!featureLocales) {
    featureLocales = import('./i18nFeatures').then(({ featureResources }) => {
      for (const [lng, bundles] of Object.entries(featureResources)) {
        for (const [ns, bundle] of Object.entries(bundles)) {
          i18n.addResourceBundle(lng, ns, bundle, true, false);
        }
      }
    });
    // A failed download may be retried by the next screen that needs it.
    featureLocales.catch(() => {
      featureLocales = null;
    });
  }
  return featureLocales;
}

const featureBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    loadFeatureLocales().then(
      () => callback(null, i18n.getResourceBundle(lng, ns) ?? {}),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();

void i18n
  .use(featureBackend)
  .use(initReactI18next)
  .init({
    resources: coreResources,
    // The bundled core is complete; other namespaces come from the backend when first used.
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false, // the core is bundled; render the first frame translated
    showSupportNotice: false,
  });

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLanguage(i18n.language);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers it on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Remembering is best effort; the switch still applies to this page.
  }
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(lng);
}
