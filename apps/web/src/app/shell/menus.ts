import { mayOpen, type Viewer } from '../guard';
import { ROUTES } from '../routes';

export type MenuName =
  | 'dashboard'
  | 'chat'
  | 'broadcast'
  | 'ticket'
  | 'contact'
  | 'setting'
  | 'integration'
  | 'report'
  | 'template'
  | 'logout';

export interface MenuItem {
  name: MenuName;
  /** Absent for logout, which is an action. */
  to?: string;
}

interface MenuEntry {
  name: Exclude<MenuName, 'logout'>;
  /** Route names (routes.ts); the item links to the first one the viewer may open. */
  routes: readonly string[];
}

/**
 * Every side-menu item, in the spec's order (§2 "Side menus", with Template after Broadcast).
 * The spec's two menus name the minimum; a person sees each item whose page the guard lets them
 * open (§6: admins open every page), and no item they would be refused. Agents may not open the
 * account's settings, so their Setting is their own profile and password.
 */
const MENU: readonly MenuEntry[] = [
  { name: 'dashboard', routes: ['home'] },
  { name: 'chat', routes: ['chat'] },
  { name: 'broadcast', routes: ['broadcast'] },
  { name: 'template', routes: ['template'] },
  { name: 'ticket', routes: ['ticket'] },
  { name: 'contact', routes: ['contact'] },
  { name: 'setting', routes: ['setting', 'userEdit'] },
  { name: 'integration', routes: ['integration'] },
  { name: 'report', routes: ['report'] },
];

const ROUTE_BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

/** The viewer's side menu: the items whose page rules 5 and 7 of the guard let them open. */
export function menuFor(viewer: Viewer): readonly MenuItem[] {
  const items: MenuItem[] = [];
  for (const entry of MENU) {
    const route = entry.routes
      .map((name) => ROUTE_BY_NAME.get(name))
      .find((meta) => meta !== undefined && mayOpen(meta, viewer));
    if (route) items.push({ name: entry.name, to: route.path });
  }
  items.push({ name: 'logout' });
  return items;
}

/** Home matches only itself; other items match their subtree. */
export function isActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

export interface IntegrationNavItem {
  name: string;
  to: string;
}

/** The integration layout's sub-navigation (routes of spec §2 "Integration layout"). */
export const INTEGRATION_NAV: readonly IntegrationNavItem[] = [
  { name: 'overview', to: '/integration' },
  { name: 'service', to: '/integration/service' },
  { name: 'whatsapp', to: '/integration/whatsapp' },
  { name: 'whatsappBasic', to: '/integration/whatsapp-basic' },
  { name: 'instagram', to: '/integration/instagram' },
  { name: 'messenger', to: '/integration/facebook-messenger' },
  { name: 'responder', to: '/integration/responder' },
  { name: 'responderSetting', to: '/integration/setting/responder' },
  { name: 'ai', to: '/integration/ai' },
];
