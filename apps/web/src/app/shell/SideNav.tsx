import { Fragment } from 'react';
import { NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import {
  IconAddressBook,
  IconChartBar,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconPlugConnected,
  IconSettings,
  IconSpeakerphone,
  IconTemplate,
  IconTicket,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session';
import { viewerOfSession } from '../useMayOpen';
import { isActive, menuFor, type MenuName } from './menus';
import classes from './SideNav.module.css';

const ICONS: Record<MenuName, Icon> = {
  dashboard: IconLayoutDashboard,
  chat: IconMessages,
  broadcast: IconSpeakerphone,
  ticket: IconTicket,
  contact: IconAddressBook,
  setting: IconSettings,
  integration: IconPlugConnected,
  report: IconChartBar,
  template: IconTemplate,
  logout: IconLogout,
};

/** The signed-in person's side menu (spec §2, see menus.ts). `mini` shows icons with tooltips only. */
export function SideNav({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const session = useSession();
  const { logout } = session;
  // The shell is drawn only once the guard let the person in, so the role is known here.
  const viewer = viewerOfSession(session) ?? { role: 'agent', apiOnly: false };
  const items = menuFor(viewer);
  const links = items.filter((i) => i.to);
  const logoutItem = items.find((i) => i.name === 'logout');

  const render = (name: MenuName, to: string | undefined) => {
    const IconComponent = ICONS[name];
    const label = t(`nav.${name}`);
    const active = to ? isActive(to, pathname) : false;
    const common = {
      'data-testid': `nav-${name}`,
      'aria-label': mini ? label : undefined,
      leftSection: <IconComponent size={20} stroke={1.7} aria-hidden />,
      label: mini ? null : label,
      active,
      className: classes.link,
      'data-mini': mini || undefined,
    };
    const link = to ? (
      <NavLink
        {...common}
        component={Link}
        to={to}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
      />
    ) : (
      <NavLink
        {...common}
        component="button"
        type="button"
        color="red"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      />
    );
    return mini ? (
      <Tooltip key={name} label={label} position="right">
        {link}
      </Tooltip>
    ) : (
      <Fragment key={name}>{link}</Fragment>
    );
  };

  return (
    <Stack justify="space-between" h="100%" gap={0}>
      <ScrollArea type="never" style={{ flex: 1 }}>
        <nav aria-label={t('nav.label')}>
          <Stack gap={4}>{links.map((i) => render(i.name, i.to))}</Stack>
        </nav>
      </ScrollArea>
      {logoutItem && <Stack gap={4}>{render('logout', undefined)}</Stack>}
    </Stack>
  );
}
