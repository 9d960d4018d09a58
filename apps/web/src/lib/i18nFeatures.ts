// The feature screens' strings (lib/i18n.ts keeps the core every screen needs). Imported
// on demand by loadFeatureLocales, so the sign-in pages load without them.
import enSettings from '../locales/en/settings.json';
import enBilling from '../locales/en/billing.json';
import enHome from '../locales/en/home.json';
import enInbox from '../locales/en/inbox.json';
import enConversation from '../locales/en/conversation.json';
import enChatActions from '../locales/en/chatActions.json';
import enTickets from '../locales/en/tickets.json';
import enContacts from '../locales/en/contacts.json';
import enContactGroups from '../locales/en/contactGroups.json';
import enIntegrations from '../locales/en/integrations.json';
import enRouting from '../locales/en/routing.json';
import enInboxTemplates from '../locales/en/inboxTemplates.json';
import enTemplates from '../locales/en/templates.json';
import enBroadcasts from '../locales/en/broadcasts.json';
import enInvoices from '../locales/en/invoices.json';
import enTopup from '../locales/en/topup.json';
import enReports from '../locales/en/reports.json';
import enCsat from '../locales/en/csat.json';
import enApiKeys from '../locales/en/apiKeys.json';
import enWebhooks from '../locales/en/webhooks.json';
import idSettings from '../locales/id/settings.json';
import idBilling from '../locales/id/billing.json';
import idHome from '../locales/id/home.json';
import idInbox from '../locales/id/inbox.json';
import idConversation from '../locales/id/conversation.json';
import idChatActions from '../locales/id/chatActions.json';
import idTickets from '../locales/id/tickets.json';
import idContacts from '../locales/id/contacts.json';
import idContactGroups from '../locales/id/contactGroups.json';
import idIntegrations from '../locales/id/integrations.json';
import idRouting from '../locales/id/routing.json';
import idInboxTemplates from '../locales/id/inboxTemplates.json';
import idTemplates from '../locales/id/templates.json';
import idBroadcasts from '../locales/id/broadcasts.json';
import idInvoices from '../locales/id/invoices.json';
import idTopup from '../locales/id/topup.json';
import idReports from '../locales/id/reports.json';
import idCsat from '../locales/id/csat.json';
import idApiKeys from '../locales/id/apiKeys.json';
import idWebhooks from '../locales/id/webhooks.json';

export const featureResources = {
  en: {
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
    invoices: enInvoices,
    topup: enTopup,
    reports: enReports,
    csat: enCsat,
    apiKeys: enApiKeys,
    webhooks: enWebhooks,
  },
  id: {
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
    invoices: idInvoices,
    topup: idTopup,
    reports: idReports,
    csat: idCsat,
    apiKeys: idApiKeys,
    webhooks: idWebhooks,
  },
} as const;
