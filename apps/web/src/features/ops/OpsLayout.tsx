import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconLogout, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OpsOperator } from '@sapa/contracts';
import { LanguageSwitch } from '../../app/shell/LanguageSwitch';
import { opsApi } from './api';
import { OPS_NS } from './opsI18n';

/** The console's frame: a dark bar that never looks like a tenant's inbox. */
export function OpsLayout({ operator, children }: { operator: OpsOperator; children: ReactNode }) {
  const { t } = useTranslation(OPS_NS);
  const navigate = useNavigate();
  const client = useQueryClient();
  const signOut = async () => {
    await opsApi.signOut().catch(() => undefined);
    client.removeQueries({ queryKey: ['ops'] });
    navigate('/ops/sign-in', { replace: true });
  };
  return (
    <Box mih="100vh" bg="gray.0">
      <Box bg="dark.8" c="white" py="sm" data-testid="ops-header">
        <Container size="xl">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to="/ops" underline="never" c="white">
              <Group gap={10} wrap="nowrap">
                <ThemeIcon size={32} radius="md" color="sapa" aria-hidden>
                  <IconShieldCheck size={20} />
                </ThemeIcon>
                <Text fw={700} fz="lg">
                  {t('app.name')}
                </Text>
                <Badge color="yellow" variant="filled" size="sm" visibleFrom="xs">
                  {t('app.staffOnly')}
                </Badge>
              </Group>
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="gray.4" visibleFrom="md" data-testid="ops-operator">
                {operator.email}
              </Text>
              <LanguageSwitch />
              <Button
                variant="subtle"
                color="gray.3"
                size="xs"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut()}
              >
                <Box visibleFrom="xs">{t('layout.signOut')}</Box>
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
        {children}
      </Container>
    </Box>
  );
}

/** Sign-in and setup: one card on a quiet background, the console's mark above it. */
export function OpsCardPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation(OPS_NS);
  return (
    <Box mih="100vh" bg="dark.8" py={{ base: 'lg', sm: 60 }} px="md">
      <Box maw={460} mx="auto">
        <Group justify="space-between" mb="lg">
          <Group gap={10}>
            <ThemeIcon size={36} radius="md" color="sapa" aria-hidden>
              <IconShieldCheck size={22} />
            </ThemeIcon>
            <div>
              <Text fw={700} fz="lg" c="white" lh={1.2}>
                {t('app.name')}
              </Text>
              <Text size="xs" c="gray.5">
                {t('app.tagline')}
              </Text>
            </div>
          </Group>
          <LanguageSwitch />
        </Group>
        <Box bg="white" p={{ base: 'lg', sm: 'xl' }} style={{ borderRadius: 16 }}>
          {children}
        </Box>
        <Text size="xs" c="gray.6" ta="center" mt="md">
          {t('app.recorded')}
        </Text>
      </Box>
    </Box>
  );
}
