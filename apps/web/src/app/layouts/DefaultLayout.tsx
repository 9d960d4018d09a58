import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../session';
import { BrandLogo } from '../shell/BrandLogo';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { UserMenu } from '../shell/UserMenu';
import type { RouteMeta } from '../routeMeta';

/** A simple page: slim top bar (logo, language, account menu when signed in), centred content. */
export function DefaultLayout({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { user } = useSession();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size={meta.full ? 'xl' : 'md'} h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
              <BrandLogo size="sm" />
            </Link>
            <Group gap="md" wrap="nowrap">
              <LanguageSwitch />
              {user && <UserMenu />}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={meta.full ? 'xl' : 'md'} py="xl">
        {children}
      </Container>
    </Box>
  );
}
