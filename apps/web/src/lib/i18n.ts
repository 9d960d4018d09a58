import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '@sapa/contracts';
import enAuth from '../locales/en/auth.json';
import enBilling from '../locales/en/billing.json';
import enCommon from '../locales/en/common.json';
import enHome from '../locales/en/home.json';
import enInbox from '../locales/en/inbox.json';
import enConversation from '../locales/en/conversation.json';
import enChatActions from '../locales/en/chatActions.json';
import enTickets from '../locales/en/tickets.json';
import enContacts from '../locales/en/contacts.json';
import enContactGroups from '../locales/en/contactGroups.json';
import enIntegrations from '../locales/en/integrations.json';
import enSettings from '../locales/en/settings.json';
import enRouting from '../locales/en/routing.json';
import enInboxTemplates from '../locales/en/inboxTemplates.json';
import enValidation from '../locales/en/validation.json';
import enTemplates from '../locales/en/templates.json';
import enBroadcasts from '../locales/en/broadcasts.json';
import idAuth from '../locales/id/auth.json';
import idBilling from '../locales/id/billing.json';
import idCommon from '../locales/id/common.json';
import idHome from '../locales/id/home.json';
import idInbox from '../locales/id/inbox.json';
import idConversation from '../locales/id/conversation.json';
import idChatActions from '../locales/id/chatActions.json';
import idTickets from '../locales/id/tickets.json';
import idContacts from '../locales/id/contacts.json';
import idContactGroups from '../locales/id/contactGroups.json';
import idIntegrations from '../locales/id/integrations.json';
import idMessages from '../locales/id/messages.json';
import idSettings from '../locales/id/settings.json';
import idRouting from '../locales/id/routing.json';
import idInboxTemplates from '../locales/id/inboxTemplates.json';
import idValidation from '../locales/id/validation.json';
import idTemplates from '../locales/id/templates.json';
import idBroadcasts from '../locales/id/broadcasts.json';

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'sapa.lang';

/**
 * common: shell, menus, layouts, error pages, guard toasts, generic buttons.
 * messages: the spec's fixed toasts and server messages (contracts MESSAGES, by key).
 * validation: the shared validation helper's sentences (contracts validationMessage).
 * auth, settings, billing, home, inbox (chat list), conversation (message pane and composer),
 * chatActions (assign, labels, flag, archive, block, resolve), tickets, integrations: feature screens.
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  en: {
    common: enCommon,
    // The spec's English wording lives in contracts (server and web share it); never copied.
    messages: MESSAGES,
    validation: enValidation,
    auth: enAuth,
    settings: enSettings,
    billing: enBilling,
    home: enHome,
    inbox: enInbox,
    conversation: enConversation,
    chatActions: enChatActions,
    tickets: enTickets,
    contacts: enContacts,
    contactGroups: enContactGroups,
    integrations: enIntegrations,
    routing: enRouting,
    inboxTemplates: enInboxTemplates,
    templates: enTemplates,
    broadcasts: enBroadcasts,
  },
  id: {
    common: idCommon,
    messages: idMessages,
    validation: idValidation,
    auth: idAuth,
    settings: idSettings,
    billing: idBilling,
    home: idHome,
    inbox: idInbox,
    conversation: idConversation,
    chatActions: idChatActions,
    tickets: idTickets,
    contacts: idContacts,
    contactGroups: idContactGroups,
    integrations: idIntegrations,
    routing: idRouting,
    inboxTemplates: idInboxTemplates,
    templates: idTemplates,
    broadcasts: idBroadcasts,
  },
} as const;

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

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false, // resources are bundled; render the first frame translated
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
