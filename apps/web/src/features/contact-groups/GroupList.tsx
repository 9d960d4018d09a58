import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ContactGroup } from '@sapa/contracts';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { ChannelIcon } from '../inbox/components/ChannelIcon';
import classes from './groups.module.css';

/** The group's channel as an icon with its name, or "any channel". */
export function GroupChannel({ channel }: { channel: ContactGroup['channel'] }) {
  const { t } = useTranslation('contactGroups');
  const label = channel ? t(`channels.${channel}`) : t('anyChannel');
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {channel ? (
        <ChannelIcon channel={channel} label={label} size={15} />
      ) : (
        <IconWorld size={15} stroke={1.6} aria-hidden />
      )}
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
    </Group>
  );
}

/** The groups as selectable rows: name, description, channel and member count. */
export function GroupList({
  groups,
  selectedId,
  onSelect,
}: {
  groups: ContactGroup[];
  selectedId: string | null;
  onSelect: (group: ContactGroup) => void;
}) {
  const { t } = useTranslation('contactGroups');
  return (
    <Stack gap={4} role="list" data-testid="group-list">
      {groups.map((group) => (
        <UnstyledButton
          key={group._id}
          role="listitem"
          className={classes.row}
          data-active={group._id === selectedId || undefined}
          aria-current={group._id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(group)}
          data-testid={`group-row-${group.name}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm" truncate>
                {group.name}
              </Text>
              {group.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {group.description}
                </Text>
              )}
              <GroupChannel channel={group.channel} />
            </Stack>
            <Badge
              variant="light"
              color="gray"
              radius="sm"
              tt="none"
              className={classes.count}
              data-testid="group-member-count"
            >
              {t('members', {
                count: group.memberCount,
                formatted: formatNumber(group.memberCount),
              })}
            </Badge>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
