import { Avatar, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User, UserStatus } from '@sapa/contracts';

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  invited: 'yellow',
  deactivated: 'gray',
  unverified: 'orange',
};

const ROLE_COLORS: Record<User['role'], string> = {
  admin: 'grape',
  supervisor: 'blue',
  agent: 'teal',
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

export function MemberIdentity({ user, isMe }: { user: User; isMe: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar radius="xl" color={ROLE_COLORS[user.role]} variant="light">
        {initials(user.name)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {user.name}
          </Text>
          {isMe && (
            <Badge size="xs" variant="outline">
              {t('team.you')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {user.email}
        </Text>
      </div>
    </Group>
  );
}

export function RoleBadge({ role }: { role: User['role'] }) {
  const { t } = useTranslation('settings');
  return (
    <Badge variant="light" color={ROLE_COLORS[role]}>
      {t(`roles.${role}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('settings');
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} data-testid={`status-${status}`}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

const SHOWN_DIVISIONS = 2;

export function DivisionBadges({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const rest = user.divisions.length - SHOWN_DIVISIONS;
  return (
    <Group gap={4}>
      {user.divisions.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('team.noDivision')}
        </Text>
      )}
      {user.divisions.slice(0, SHOWN_DIVISIONS).map((d) => (
        <Badge key={d.id} variant="default" size="sm" tt="none">
          {d.name}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="default" size="sm" title={user.divisions.map((d) => d.name).join(', ')}>
          +{rest}
        </Badge>
      )}
      {user.allChat && (
        <Badge variant="light" color="blue" size="sm" tt="none">
          {t('team.allChat')}
        </Badge>
      )}
      {user.divisionOnlyView && (
        <Badge variant="light" color="orange" size="sm" tt="none">
          {t('team.divisionOnly')}
        </Badge>
      )}
    </Group>
  );
}
