import type { ReactNode } from 'react';
import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { yearNow } from '../../lib/datetime';
import { BrandLogo } from '../shell/BrandLogo';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import type { RouteMeta } from '../routeMeta';
import classes from './AuthLayout.module.css';

const POINTS = ['channels', 'team', 'broadcast'] as const;

/** Sign-in pages: a brand panel beside a card on laptops; the card alone under a logo on phones. */
export function AuthLayout({ children }: { meta: RouteMeta; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box className={classes.root}>
      <Box className={classes.brand} visibleFrom="md">
        <BrandLogo size="lg" inverted />
        <Stack gap="xl" maw={440}>
          <Title order={1} c="white" fz={36} lh={1.15}>
            {t('authLayout.headline')}
          </Title>
          <List
            spacing="md"
            icon={
              <ThemeIcon size={26} radius="xl" variant="white">
                <IconCheck size={16} />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point}>
                <Text c="white" fz="lg">
                  {t(`authLayout.points.${point}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text c="white" opacity={0.75} size="sm">
          {t('authLayout.footer', { year: yearNow() })}
        </Text>
      </Box>

      <Box className={classes.content}>
        <Group justify="space-between" w="100%" className={classes.topBar}>
          <Box hiddenFrom="md">
            <BrandLogo size="sm" />
          </Box>
          <Box ml="auto">
            <LanguageSwitch />
          </Box>
        </Group>
        <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'lg', sm: 40 }}>
          {children}
        </Paper>
        <Text hiddenFrom="md" c="dimmed" size="xs" ta="center">
          {t('authLayout.footer', { year: yearNow() })}
        </Text>
      </Box>
    </Box>
  );
}
