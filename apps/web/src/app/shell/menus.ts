import type { Role } from '@sapa/contracts';

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

const item = (name: MenuName, to?: string): MenuItem => (to ? { name, to } : { name });

/** Spec §2 "Side menus", exactly. Links the guard will refuse still appear where the spec lists them. */
const AGENT_MENU: readonly MenuItem[] = [
  item('dashboard', '/'),
  item('chat', '/chat'),
  item('broadcast', '/broadcast'),
  item('ticket', '/ticket'),
  item('contact', '/contact'),
  item('setting', '/setting'),
  item('integration', '/integration'),
  item('report', '/report'),
  item('logout'),
];

const ADMIN_MENU: readonly MenuItem[] = [
  item('dashboard', '/'),
  item('template', '/broadcast/template'),
  item('setting', '/setting'),
  item('integration', '/integration'),
  item('report', '/report'),
  item('logout'),
];

export function menuFor(role: Role): readonly MenuItem[] {
  return role === 'agent' ? AGENT_MENU : ADMIN_MENU;
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
