import { ActionIcon, Badge, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { Contact, ContactGroup, Label } from '@sapa/contracts';
import { IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { ChannelIcon } from '../inbox/components/ChannelIcon';
import { ContactAvatar } from '../shared/ContactAvatar';
import { formatPhone, initials } from './filters';

export function NameCell({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  return (
    <Group gap="sm" wrap="nowrap">
      <ContactAvatar
        color="sapa"
        radius="xl"
        size={36}
        alt={contact.name}
        pictureUrl={contact.pictureUrl}
        initials={initials(contact.name || '?')}
      />
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate="end" data-testid="contact-name">
            {contact.name}
          </Text>
          {contact.archived && (
            <Badge size="xs" color="gray" variant="light" tt="none">
              {t('archivedBadge')}
            </Badge>
          )}
        </Group>
        {contact.email && (
          <Text size="xs" c="dimmed" truncate="end">
            {contact.email}
          </Text>
        )}
      </div>
    </Group>
  );
}

export function PhoneText({ phone }: { phone: string | null }) {
  const { t } = useTranslation('contacts');
  return (
    <Text
      size="sm"
      c={phone ? undefined : 'dimmed'}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid="contact-phone"
    >
      {phone ? formatPhone(phone) : t('noPhone')}
    </Text>
  );
}

export function ChannelIcons({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  // One icon per channel even when the customer has several chats on it.
  const channels = [...new Set(contact.channels.map((c) => c.channel))];
  if (channels.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      {channels.map((channel) => (
        <Tooltip key={channel} label={t(`inbox:channels.${channel}`)} withArrow>
          <span style={{ display: 'inline-flex' }}>
            <ChannelIcon channel={channel} label={t(`inbox:channels.${channel}`)} size={18} />
          </span>
        </Tooltip>
      ))}
    </Group>
  );
}

export function LabelChips({
  ids,
  labels,
  max = 3,
}: {
  ids: readonly string[];
  labels: Map<string, Label>;
  max?: number;
}) {
  const known = ids.map((id) => labels.get(id)).filter((l): l is Label => l !== undefined);
  if (known.length === 0) return <Text c="dimmed">—</Text>;
  const rest = known.length - max;
  return (
    <Group gap={4} wrap="wrap">
      {known.slice(0, max).map((label) => (
        <Badge
          key={label._id}
          variant="light"
          color={label.color}
          radius="sm"
          tt="none"
          data-testid="contact-label"
        >
          {label.label}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="default" radius="sm">
          +{rest}
        </Badge>
      )}
    </Group>
  );
}

export function GroupNames({
  ids,
  groups,
}: {
  ids: readonly string[];
  groups: Map<string, ContactGroup>;
}) {
  const names = ids.map((id) => groups.get(id)?.name).filter((n): n is string => !!n);
  if (names.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Text size="sm" lineClamp={2} maw={200}>
      {names.join(', ')}
    </Text>
  );
}

export function LastChat({ at }: { at: string | null }) {
  const { t } = useTranslation('contacts');
  return (
    <Text size="sm" c={at ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {at ? formatDateTime(at) : t('never')}
    </Text>
  );
}

export interface RowActions {
  onOpen: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  /** Absent for agents: only admins and supervisors delete (the server checks too). */
  onDelete?: ((contact: Contact) => void) | undefined;
}

export function RowMenu({ contact, onOpen, onEdit, onDelete }: RowActions & { contact: Contact }) {
  const { t } = useTranslation('contacts');
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('columns.actions')}
          // The row itself opens the details.
          onClick={(e) => e.stopPropagation()}
          data-testid="contact-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onOpen(contact)}>
          {t('actions.view')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPencil size={16} />}
          onClick={() => onEdit(contact)}
          data-testid="contact-edit"
        >
          {t('actions.edit')}
        </Menu.Item>
        {onDelete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onDelete(contact)}
            data-testid="contact-delete"
          >
            {t('actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
