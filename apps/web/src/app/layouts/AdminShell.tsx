import type { ReactNode } from 'react';
import { ActionIcon, AppShell, Burger, Container, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useState } from 'react';
import { getSidebarMini, setSidebarMini } from '../../lib/storage';
import { BrandLogo } from '../shell/BrandLogo';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { PresenceSwitch } from '../shell/PresenceSwitch';
import { SideNav } from '../shell/SideNav';
import { UserMenu } from '../shell/UserMenu';
import type { RouteMeta } from '../routeMeta';
import { useSessionSocket } from './useSessionSocket';
import { BalanceBanner } from '../../features/pricing/BalanceBanner';

const NAV_WIDTH = 248;
const NAV_MINI_WIDTH = 76;

/**
 * The signed-in shell: header (language, account menu) and the role's side menu. From `sm` up
 * the side menu can shrink to icons (remembered); below it opens as a drawer from the burger.
 */
export function AdminShell({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { t } = useTranslation('common');
  const [drawerOpen, drawer] = useDisclosure(false);
  const [mini, setMini] = useState(getSidebarMini);
  useSessionSocket();

  const toggleMini = () => {
    setMini((prev) => {
      setSidebarMini(!prev);
      return !prev;
    });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: { base: NAV_WIDTH, sm: mini ? NAV_MINI_WIDTH : NAV_WIDTH },
        breakpoint: 'sm',
        collapsed: { mobile: !drawerOpen },
      }}
      padding={0}
      transitionDuration={180}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpen}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              data-testid="nav-burger"
            />
            <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
              <BrandLogo size="sm" />
            </Link>
            <Tooltip label={mini ? t('nav.expand') : t('nav.collapse')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={toggleMini}
                visibleFrom="sm"
                aria-label={mini ? t('nav.expand') : t('nav.collapse')}
                aria-pressed={mini}
                data-testid="nav-mini-toggle"
              >
                {mini ? (
                  <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap="md" wrap="nowrap">
            <PresenceSwitch />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" data-mini={mini || undefined}>
        {/* In the phone drawer the menu always shows labels. */}
        <SideNav mini={mini && !drawerOpen} onNavigate={drawer.close} />
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <BalanceBanner />
        {meta.full ? (
          <div style={{ padding: 'var(--mantine-spacing-lg)', minHeight: '100%' }}>{children}</div>
        ) : (
          <Container size="md" py="xl">
            {children}
          </Container>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
