import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES } from '@sapa/contracts';
import { formatNumber } from '../../../lib/format';
import { useTeamSummary } from '../api';

/** Active members by role, from the same list the inbox assigns chats to. */
export function TeamCard({ link }: { link: 'manage' | 'view' | null }) {
  const { t } = useTranslation(['home', 'settings']);
  const team = useTeamSummary();

  return (
    <Card data-testid="home-team">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={500}>
            {t('home:team.title')}
          </Text>
          {link && (
            <Anchor component={Link} to="/setting/agent-settings" size="sm">
              {link === 'manage' ? t('home:team.manage') : t('home:team.view')}
            </Anchor>
          )}
        </Group>
        {team.isPending ? (
          <Loader size="sm" />
        ) : team.isError ? (
          <Text size="sm" c="dimmed">
            {t('home:team.loadFailed')}
          </Text>
        ) : (
          <>
            <Title order={3} data-testid="home-team-active">
              {t('home:team.active', { count: team.data.active })}
            </Title>
            <SimpleGrid cols={3} spacing="xs">
              {ROLES.map((role) => (
                <div key={role}>
                  <Text fw={650} size="lg" data-testid={`home-team-${role}`}>
                    {formatNumber(team.data[role])}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`settings:roles.${role}`)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            {team.data.invited > 0 && (
              <Text size="xs" c="orange.8">
                {t('home:team.pending', { count: team.data.invited })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
