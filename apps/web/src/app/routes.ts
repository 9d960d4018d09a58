import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Capability } from './pages/NotAvailableYet';
import { defineMeta, type LayoutName, type RouteFlags, type RouteMeta } from './routeMeta';

/** A code-split page, with a way to start fetching its code before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };
export type PageComponent = ComponentType | LazyPage;

export interface AppRoute extends RouteMeta {
  component: PageComponent;
}

/** Code-split page from a named export. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  const component = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: (await load())[name],
  }));
  return Object.assign(component, { preload: load });
}

export function preloadOf(component: PageComponent): (() => Promise<unknown>) | undefined {
  return 'preload' in component ? component.preload : undefined;
}

// Status pages too are fetched when shown: the sign-in page's first download leaves them out.
const NotAvailableYet = lazy(() =>
  import('./pages/NotAvailableYet').then((m) => ({ default: m.NotAvailableYet })),
);
const UnauthorizedPage = page(() => import('./pages/UnauthorizedPage'), 'UnauthorizedPage');
const InternalServerErrorPage = page(
  () => import('./pages/InternalServerErrorPage'),
  'InternalServerErrorPage',
);
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** A capability a later release delivers: an honest "not available yet" state, no data. */
function comingSoon(capability: Capability): ComponentType {
  const ComingSoon = () => createElement(NotAvailableYet, { capability });
  ComingSoon.displayName = `ComingSoon(${capability})`;
  return ComingSoon;
}

function route(
  name: string,
  path: string,
  layout: LayoutName,
  component: PageComponent,
  flags: RouteFlags = {},
): AppRoute {
  return { ...defineMeta(name, path, layout, flags), component };
}

const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const TwoFactorPage = page(() => import('../features/auth/TwoFactorPage'), 'TwoFactorPage');
const RegisterPage = page(() => import('../features/auth/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
);
const EmailVerifyPage = page(() => import('../features/auth/EmailVerifyPage'), 'EmailVerifyPage');
const RegisterConfirmationPage = page(
  () => import('../features/auth/RegisterConfirmationPage'),
  'RegisterConfirmationPage',
);
const LegalPrivacyPage = page(
  () => import('../features/auth/LegalPrivacyPage'),
  'LegalPrivacyPage',
);
const UserEditPage = page(() => import('../features/settings/UserEditPage'), 'UserEditPage');
const SettingsPage = page(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const ApiSettingsPage = page(
  () => import('../features/api-keys/ApiSettingsPage'),
  'ApiSettingsPage',
);
const AgentSettingsPage = page(
  () => import('../features/settings/AgentSettingsPage'),
  'AgentSettingsPage',
);
const HomePage = page(() => import('../features/home/HomePage'), 'HomePage');
const UserPlanPage = page(() => import('../features/billing/UserPlanPage'), 'UserPlanPage');
const TopUpPage = page(() => import('../features/billing/TopUpPage'), 'TopUpPage');
const RenewalPage = page(() => import('../features/billing/RenewalPage'), 'RenewalPage');
const SubscriptionExpiredPage = page(
  () => import('../features/billing/SubscriptionExpiredPage'),
  'SubscriptionExpiredPage',
);
const ChatPage = page(() => import('../features/inbox/ChatPage'), 'ChatPage');
const TicketsPage = page(() => import('../features/tickets/TicketsPage'), 'TicketsPage');
const ContactsPage = page(() => import('../features/contacts/ContactsPage'), 'ContactsPage');
const ContactGroupsPage = page(
  () => import('../features/contact-groups/ContactGroupsPage'),
  'ContactGroupsPage',
);
const LabelsPage = page(() => import('../features/labels/LabelsPage'), 'LabelsPage');
const RoutingPage = page(() => import('../features/routing/RoutingPage'), 'RoutingPage');
const QuickRepliesPage = page(
  () => import('../features/quick-replies/QuickRepliesPage'),
  'QuickRepliesPage',
);
const IntegrationsPage = page(
  () => import('../features/integrations/IntegrationsPage'),
  'IntegrationsPage',
);
const ServicesPage = page(() => import('../features/integrations/ServicesPage'), 'ServicesPage');
const WhatsappPage = page(() => import('../features/integrations/WhatsappPage'), 'WhatsappPage');
const WhatsappBasicPage = page(
  () => import('../features/integrations/whatsapp-basic/WhatsappBasicPage'),
  'WhatsappBasicPage',
);
const WhatsappBasicDetailPage = page(
  () => import('../features/integrations/whatsapp-basic/WhatsappBasicDetailPage'),
  'WhatsappBasicDetailPage',
);
const InstagramPage = page(
  () => import('../features/integrations/PageChannelPages'),
  'InstagramPage',
);
const MessengerPage = page(
  () => import('../features/integrations/PageChannelPages'),
  'MessengerPage',
);
const TemplatesPage = page(() => import('../features/templates/TemplatesPage'), 'TemplatesPage');
const TemplateEditorPage = page(
  () => import('../features/templates/TemplateEditorPage'),
  'TemplateEditorPage',
);

const ReportPage = page(() => import('../features/reports/ReportPage'), 'ReportPage');

const BillingSettingsPage = page(
  () => import('../features/billing/invoices/BillingSettingsPage'),
  'BillingSettingsPage',
);
const WebhooksPage = page(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage');
const InvoicePage = page(() => import('../features/billing/invoices/InvoicePage'), 'InvoicePage');

const BroadcastListPage = page(
  () => import('../features/broadcasts/BroadcastListPage'),
  'BroadcastListPage',
);
const NewBroadcastPage = page(
  () => import('../features/broadcasts/NewBroadcastPage'),
  'NewBroadcastPage',
);
const BroadcastResultPage = page(
  () => import('../features/broadcasts/BroadcastResultPage'),
  'BroadcastResultPage',
);

const CsatSurveyPage = page(() => import('../features/csat/CsatSurveyPage'), 'CsatSurveyPage');

const PUBLIC = { public: true } as const;
// Admin layout: full width unless noted (spec §2).
const AGENT = { allowAgent: true, full: true } as const;
const API_ONLY = { apiOnlyAllowed: true, full: true } as const;
const NONE = { full: true } as const;
// Integration layout: full width, all api-only allowed; admins only (rolesFor) unless allowAgent.
const INTEGRATION = { apiOnlyAllowed: true, full: true } as const;
/**
 * Plan, renewal and expiry pages: rules 8–9 send every signed-in person here, whatever the role or
 * account type, so every role and API-only accounts must be able to open them (the spec gives
 * these no flags; without them the guard would bounce agents to /unauthorized).
 */
const SUBSCRIPTION = { allowAgent: true, apiOnlyAllowed: true } as const;

/** Every route of spec §2. Order does not matter: React Router ranks static segments first. */
export const ROUTES: readonly AppRoute[] = [
  // Unauthenticated
  route('login', '/login', 'auth', LoginPage, { ...PUBLIC, entry: 'login' }),
  route('login2fa', '/login/2fa', 'auth', TwoFactorPage, { ...PUBLIC, entry: 'twoFactor' }),
  route('forgot', '/forgot', 'auth', ForgotPasswordPage, PUBLIC),
  route('resetPassword', '/reset-password', 'auth', ResetPasswordPage, PUBLIC),
  route('register', '/register', 'auth', RegisterPage, PUBLIC),
  route(
    'registerConfirmation',
    '/users/register_confirmation',
    'default',
    RegisterConfirmationPage,
    PUBLIC,
  ),
  route('emailVerify', '/email-verify', 'default', EmailVerifyPage, PUBLIC),
  route('legalPrivacy', '/legal-privacy', 'default', LegalPrivacyPage, PUBLIC),
  // Issue 18: the satisfaction survey a customer opens from the link in their message.
  route('csatSurvey', '/csat/:token', 'blank', CsatSurveyPage, PUBLIC),

  // Admin layout
  route('home', '/', 'admin', HomePage, { allowAgent: true, apiOnlyAllowed: true, full: true }),
  route('broadcast', '/broadcast', 'admin', BroadcastListPage, AGENT),
  route('broadcastNew', '/broadcast/new', 'admin', NewBroadcastPage, AGENT),
  route('broadcastResult', '/broadcast/result/:id', 'admin', BroadcastResultPage, AGENT),
  route('template', '/broadcast/template', 'admin', TemplatesPage, API_ONLY),
  route('templateNew', '/broadcast/template/new', 'admin', TemplateEditorPage, API_ONLY),
  route('templateDetail', '/broadcast/template/:id', 'admin', TemplateEditorPage, API_ONLY),
  route('ticket', '/ticket', 'admin', TicketsPage, AGENT),
  route('contact', '/contact', 'admin', ContactsPage, AGENT),
  route('chat', '/chat', 'admin', ChatPage, AGENT),
  route('contactGroup', '/contact/group', 'admin', ContactGroupsPage, NONE),
  // Issue 18: the overview at /report, the other tabs at /report/{tab}; the CSAT tab is the
  // spec's requireCsat route (rule 2 sends it home with the spec's message when CSAT is off).
  route('report', '/report', 'admin', ReportPage, API_ONLY),
  route('reportTab', '/report/:tab', 'admin', ReportPage, API_ONLY),
  route('reportCsat', '/report/csat', 'admin', ReportPage, { ...API_ONLY, requireCsat: true }),
  route('setting', '/setting', 'admin', SettingsPage, API_ONLY),
  route('topUp', '/top-up', 'admin', TopUpPage, API_ONLY),
  route('agentSettings', '/setting/agent-settings', 'admin', AgentSettingsPage, NONE),
  route('labels', '/setting/labels', 'admin', LabelsPage, NONE),
  route('quickReplies', '/setting/quick-replies', 'admin', QuickRepliesPage, NONE),
  route('routing', '/setting/routing', 'admin', RoutingPage, NONE),
  // Issue 16: invoices and the billing details printed on them; API-only accounts pay too.
  route('billing', '/setting/billing', 'admin', BillingSettingsPage, API_ONLY),
  // Issue 19: API keys and the REST API / webhook switches; what an API-only account is for.
  route('apiSettings', '/setting/api', 'admin', ApiSettingsPage, API_ONLY),
  // Issue 19: outbound webhook endpoints and their delivery log (admins; the page says so).
  route('webhooks', '/setting/webhooks', 'admin', WebhooksPage, API_ONLY),
  route('userEdit', '/user-edit', 'admin', UserEditPage, { allowAgent: true }),

  // Integration layout
  route('integration', '/integration', 'integration', IntegrationsPage, INTEGRATION),
  route('integrationService', '/integration/service', 'integration', ServicesPage, INTEGRATION),
  route('integrationWhatsapp', '/integration/whatsapp', 'integration', WhatsappPage, INTEGRATION),
  route(
    'integrationWhatsappBasic',
    '/integration/whatsapp-basic',
    'integration',
    WhatsappBasicPage,
    INTEGRATION,
  ),
  route(
    'integrationWhatsappBasicDetail',
    '/integration/whatsapp-basic/detail',
    'integration',
    WhatsappBasicDetailPage,
    INTEGRATION,
  ),
  route(
    'integrationInstagram',
    '/integration/instagram',
    'integration',
    InstagramPage,
    INTEGRATION,
  ),
  route(
    'integrationMessenger',
    '/integration/facebook-messenger',
    'integration',
    MessengerPage,
    INTEGRATION,
  ),
  route(
    'integrationResponder',
    '/integration/responder',
    'integration',
    comingSoon('responder'),
    INTEGRATION,
  ),
  route(
    'integrationResponderSetting',
    '/integration/setting/responder',
    'integration',
    comingSoon('responder'),
    INTEGRATION,
  ),
  route('integrationAi', '/integration/ai', 'integration', comingSoon('ai'), INTEGRATION),
  route('integrationAiDetail', '/integration/ai/:id', 'integration', comingSoon('ai'), INTEGRATION),

  // Default layout
  route('billingInvoice', '/setting/billing-invoice/:id', 'default', InvoicePage, {
    apiOnlyAllowed: true,
    full: true,
  }),
  route('userPlan', '/user-plan', 'default', UserPlanPage, SUBSCRIPTION),
  route('uxDesign', '/ux-design', 'default', comingSoon('uxDesign')),
  route(
    'subscriptionExpired',
    '/subscription-expired',
    'default',
    SubscriptionExpiredPage,
    SUBSCRIPTION,
  ),
  route('renewal', '/renewal', 'default', RenewalPage, SUBSCRIPTION),

  // Other
  route('unauthorized', '/unauthorized', 'blank', UnauthorizedPage, PUBLIC),
  route('internalServerError', '/internal-server-error', 'blank', InternalServerErrorPage, PUBLIC),
  route('notFound', '*', 'blank', NotFoundPage, PUBLIC),
];
