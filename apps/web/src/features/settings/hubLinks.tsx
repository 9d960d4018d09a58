import type { ComponentType } from 'react';
import {
  IconArrowsSplit,
  IconBolt,
  IconFileInvoice,
  IconKey,
  IconTag,
  IconUserCircle,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';

/** A settings area the hub links to, its strings named `namespace:key`. */
export interface HubArea {
  to: string;
  Icon: ComponentType<{ size?: number }>;
  title: string;
  text: string;
  /** What a supervisor reads instead of `text` where only admins change things. */
  textReadOnly?: string;
  testId: string;
}

/** The namespaces the areas' strings live in: each area's own feature. */
export const HUB_NAMESPACES = ['settings', 'routing', 'invoices', 'apiKeys', 'webhooks'] as const;

const area = (name: string, fields: Omit<HubArea, 'testId'>): HubArea => ({
  ...fields,
  testId: `settings-link-${name}`,
});

/** The team and the signed-in user's own profile. */
const PEOPLE: HubArea[] = [
  area('team', {
    to: '/setting/agent-settings',
    Icon: IconUsersGroup,
    title: 'settings:hub.teamTitle',
    text: 'settings:hub.teamText',
    textReadOnly: 'settings:hub.teamTextReadOnly',
  }),
  area('profile', {
    to: '/user-edit',
    Icon: IconUserCircle,
    title: 'settings:hub.profileTitle',
    text: 'settings:hub.profileText',
  }),
];

// Issue 4: inbox settings; the guard lets admins and supervisors open them.
const INBOX: HubArea[] = [
  area('labels', {
    to: '/setting/labels',
    Icon: IconTag,
    title: 'settings:labels.hubTitle',
    text: 'settings:labels.hubText',
  }),
  area('quick-replies', {
    to: '/setting/quick-replies',
    Icon: IconBolt,
    title: 'settings:quickReplies.hubTitle',
    text: 'settings:quickReplies.hubText',
  }),
  area('routing', {
    to: '/setting/routing',
    Icon: IconArrowsSplit,
    title: 'routing:hubTitle',
    text: 'routing:hubText',
  }),
];

// Issue 16: invoices are for the people who run the account, API-only accounts too.
const BILLING = area('billing', {
  to: '/setting/billing',
  Icon: IconFileInvoice,
  title: 'invoices:hub.title',
  text: 'invoices:hub.text',
});
// Issue 19: API keys and switches.
const API = area('api', {
  to: '/setting/api',
  Icon: IconKey,
  title: 'apiKeys:hub.title',
  text: 'apiKeys:hub.text',
});
// Issue 19: webhook endpoints, on every account type.
const WEBHOOKS = area('webhooks', {
  to: '/setting/webhooks',
  Icon: IconWebhook,
  title: 'webhooks:hubTitle',
  text: 'webhooks:hubText',
});

/**
 * The areas a user is shown, in order. API-only accounts may not open the team or profile pages
 * (guard rule 7), and their integrator comes for the key first; supervisors may open every admin
 * page (spec §6), agents only their team and profile.
 */
export function hubAreas({ apiOnly, manages }: { apiOnly: boolean; manages: boolean }): HubArea[] {
  if (apiOnly) return manages ? [API, BILLING, WEBHOOKS] : [];
  return [...PEOPLE, ...(manages ? [...INBOX, BILLING, API, WEBHOOKS] : [])];
}
