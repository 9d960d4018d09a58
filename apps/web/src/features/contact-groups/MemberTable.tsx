import { ActionIcon, Badge, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Contact } from '@sapa/contracts';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../contacts/filters';
import { ChannelIcon } from '../inbox/components/ChannelIcon';

interface MemberTableProps {
  members: Contact[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
  /** Absent for people who may not change groups: no checkboxes, no remove buttons. */
  onRemove?: ((contact: Contact) => void) | undefined;
}

/** A group's members: name (phone under it on small screens), email, channels, remove. */
export function MemberTable({
  members,
  selected,
  onToggle,
  onToggleAll,
  onRemove,
}: MemberTableProps) {
  const { t } = useTranslation('contactGroups');
  const manage = onRemove !== undefined;
  const allChecked = members.length > 0 && members.every((m) => selected.has(m._id));
  const someChecked = !allChecked && members.some((m) => selected.has(m._id));
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        data-testid="member-table"
      >
        <Table.Thead>
          <Table.Tr>
            {manage && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('detail.selectAll')}
                  checked={allChecked}
                  indeterminate={someChecked}
                  onChange={(e) => onToggleAll(e.currentTarget.checked)}
                  data-testid="member-select-all"
                />
              </Table.Th>
            )}
            <Table.Th>{t('detail.columns.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('detail.columns.phone')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('detail.columns.email')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('detail.columns.channels')}</Table.Th>
            {manage && <Table.Th w={56} aria-label={t('detail.columns.actions')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((contact) => (
            <Table.Tr
              key={contact._id}
              data-testid={`member-row-${contact.name}`}
              bg={selected.has(contact._id) ? 'var(--mantine-color-sapa-light)' : undefined}
            >
              {manage && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('detail.selectMember', { name: contact.name })}
                    checked={selected.has(contact._id)}
                    onChange={() => onToggle(contact._id)}
                    data-testid="member-select"
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Stack gap={0} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={550} truncate>
                      {contact.name}
                    </Text>
                    {contact.archived && (
                      <Badge size="xs" variant="light" color="gray" tt="none">
                        {t('detail.archived')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {contact.phone ? formatPhone(contact.phone) : (contact.email ?? '')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text
                  size="sm"
                  c={contact.phone ? undefined : 'dimmed'}
                  style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {contact.phone ? formatPhone(contact.phone) : t('detail.noPhone')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="lg">
                <Text size="sm" c="dimmed" truncate maw={240}>
                  {contact.email ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={6}>
                  {[...new Set(contact.channels.map((c) => c.channel))].map((channel) => (
                    <ChannelIcon key={channel} channel={channel} label={t(`channels.${channel}`)} />
                  ))}
                  {contact.channels.length === 0 && (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Group>
              </Table.Td>
              {manage && (
                <Table.Td>
                  <Tooltip label={t('detail.remove', { name: contact.name })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onRemove(contact)}
                      aria-label={t('detail.remove', { name: contact.name })}
                      data-testid="member-remove"
                    >
                      <IconUserMinus size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
