import { Avatar, Badge, Group, Indicator, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/SectionCard';
import { useTeamPresence } from './api';
import { presenceState, sortPresence, type PresenceState } from './routingForm';

const COLOR: Record<PresenceState, string> = { online: 'teal', away: 'yellow', offline: 'gray' };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** Who could take a chat right now; follows `presence.updated` without a reload. */
export function TeamOnlineCard() {
  const { t } = useTranslation('routing');
  const team = useTeamPresence();
  const list = sortPresence(team.data ?? []);
  const onlineCount = list.filter((p) => presenceState(p) === 'online').length;

  return (
    <SectionCard
      title={t('team.title')}
      description={t('team.description')}
      aside={
        <Badge variant="light" color="teal" data-testid="team-online-count">
          {t('team.count', { count: onlineCount })}
        </Badge>
      }
      testId="routing-team"
    >
      {team.isPending && <Loader size="sm" />}
      {team.isError && (
        <Text size="sm" c="red">
          {t('loadFailed')}
        </Text>
      )}
      <Stack gap="sm">
        {list.map((p) => {
          const state = presenceState(p);
          return (
            <Group
              key={p.userId}
              justify="space-between"
              wrap="nowrap"
              data-testid="team-member"
              data-state={state}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Indicator
                  color={COLOR[state]}
                  position="bottom-end"
                  size={10}
                  withBorder
                  offset={4}
                >
                  <Avatar radius="xl" color="teal" variant="light">
                    {initials(p.name)}
                  </Avatar>
                </Indicator>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`roles.${p.role}`)}
                  </Text>
                </div>
              </Group>
              <Badge variant="dot" color={COLOR[state]} style={{ flexShrink: 0 }}>
                {t(`team.${state}`)}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
