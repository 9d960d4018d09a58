import type { ReactNode } from 'react';
import { Box, Group, NavLink, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { RouteMeta } from '../routeMeta';
import { INTEGRATION_NAV } from '../shell/menus';
import { AdminShell } from './AdminShell';

function isCurrent(to: string, pathname: string): boolean {
  // The overview matches only itself; each integration matches its own sub-pages.
  return to === '/integration' ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/** The admin shell plus the integrations sub-navigation (a column on desktop, chips on phones). */
export function IntegrationLayout({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();

  const links = INTEGRATION_NAV.map((item) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={t(`integrationNav.${item.name}`)}
      active={isCurrent(item.to, pathname)}
      data-testid={`integration-nav-${item.name}`}
      style={{ borderRadius: 'var(--mantine-radius-md)', whiteSpace: 'nowrap' }}
      w={{ base: 'auto', md: '100%' }}
    />
  ));

  return (
    <AdminShell meta={meta}>
      <Box
        style={{ display: 'flex', gap: 'var(--mantine-spacing-lg)', alignItems: 'flex-start' }}
        className="sapa-integration"
      >
        <Paper withBorder p="sm" w={240} visibleFrom="md" style={{ flexShrink: 0 }}>
          <nav aria-label={t('integrationNav.title')}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb="xs">
              {t('integrationNav.title')}
            </Text>
            <Stack gap={2}>{links}</Stack>
          </nav>
        </Paper>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <ScrollArea hiddenFrom="md" type="never">
            <nav aria-label={t('integrationNav.title')}>
              <Group gap={4} wrap="nowrap">
                {INTEGRATION_NAV.map((item) => (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={t(`integrationNav.${item.name}`)}
                    active={isCurrent(item.to, pathname)}
                    style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
                    w="auto"
                  />
                ))}
              </Group>
            </nav>
          </ScrollArea>
          {children}
        </Stack>
      </Box>
    </AdminShell>
  );
}
