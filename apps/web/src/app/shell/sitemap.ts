import { ROUTES } from '../routes';
import { INTEGRATION_NAV } from './menus';

const nameOf = (path: string): string => ROUTES.find((r) => r.path === path)?.name ?? path;

/**
 * Which pages link to which (route names, see routes.ts), beyond the side menu. Each page shows
 * a link only to people the guard lets through (`useMayOpen`); navigation.test.ts follows this
 * map from every role's menu to prove every page that role may open can be found, and the
 * new-owner e2e walks the real links.
 */
export const PAGE_LINKS: Readonly<Record<string, readonly string[]>> = {
  // Quick links, the team card, the balance card's top-up, the renewal button, the checklist.
  home: ['setting', 'agentSettings', 'userEdit', 'renewal', 'topUp'],
  // The settings hub.
  setting: [
    'agentSettings',
    'userEdit',
    'labels',
    'quickReplies',
    'routing',
    'billing',
    'renewal',
    // Issue 19: the API page and webhooks (admins manage them; the pages tell supervisors so).
    'apiSettings',
    'webhooks',
  ],
  // Issue 19: the API page's webhook switch links to the endpoints.
  apiSettings: ['webhooks'],
  broadcast: ['broadcastNew', 'template'],
  template: ['templateNew', 'broadcast'],
  contact: ['contactGroup'],
  // The report's tab bar (the other tabs are /report/:tab; CSAT is its own route).
  report: ['reportCsat'],
  // The integration layout's sub-navigation, shown on every integration page.
  integration: INTEGRATION_NAV.map((item) => nameOf(item.to)),
};
