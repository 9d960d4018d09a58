import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Contact, ContactGroup } from '@sapa/contracts';
import {
  IconArrowLeft,
  IconDots,
  IconPencil,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { useChangeMembers, useGroupMembers } from './api';
import { GroupChannel } from './GroupList';
import { MemberTable } from './MemberTable';

interface GroupDetailProps {
  group: ContactGroup;
  canManage: boolean;
  /** Shown on phones, where the detail replaces the list. */
  onBack?: (() => void) | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onAddMembers: () => void;
}

/** One group: its facts, its members (paged, searchable) and single or bulk removal. */
export function GroupDetail({
  group,
  canManage,
  onBack,
  onEdit,
  onDelete,
  onAddMembers,
}: GroupDetailProps) {
  const { t } = useTranslation('contactGroups');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const members = useGroupMembers(group._id, debounced);
  const change = useChangeMembers();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string[] | null>(null);

  const rows = members.data?.pages.flatMap((p) => p.data) ?? [];
  const total = members.data?.pages[0]?.total ?? 0;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(rows.map((r) => r._id)) : new Set());

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const result = await change.mutateAsync({
        groupId: group._id,
        contactIds: removing,
        op: 'remove',
      });
      notifySuccess(t('detail.removed', { count: result.changed }));
      setSelected((prev) => new Set([...prev].filter((id) => !removing.includes(id))));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setRemoving(null);
    }
  };

  let body;
  if (members.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (members.isError) {
    body = (
      <Alert color="red" variant="light" m="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(members.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void members.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="members-empty">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconUsers size={28} stroke={1.5} />
        </ThemeIcon>
        <Text fw={650} mt="xs">
          {debounced ? t('detail.noMemberMatch') : t('detail.noMembersTitle')}
        </Text>
        {!debounced && (
          <Text size="sm" c="dimmed" maw={360}>
            {t('detail.noMembersText')}
          </Text>
        )}
        {!debounced && canManage && (
          <Button mt="sm" leftSection={<IconUserPlus size={16} />} onClick={onAddMembers}>
            {t('detail.addMembers')}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <>
        <MemberTable
          members={rows}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onRemove={canManage ? (c: Contact) => setRemoving([c._id]) : undefined}
        />
        <Group justify="space-between" px="md" py="sm">
          <Text size="xs" c="dimmed">
            {t('detail.shownOf', { shown: formatNumber(rows.length), total: formatNumber(total) })}
          </Text>
          {members.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              loading={members.isFetchingNextPage}
              onClick={() => void members.fetchNextPage()}
            >
              {t('detail.loadMore')}
            </Button>
          )}
        </Group>
      </>
    );
  }

  return (
    <Stack gap="md" data-testid="group-detail">
      <Card>
        <Stack gap="sm">
          {onBack && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              onClick={onBack}
              w="fit-content"
              px={4}
            >
              {t('detail.back')}
            </Button>
          )}
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={4} miw={0}>
              <Title order={3} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
                {group.name}
              </Title>
              {group.description && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {group.description}
                </Text>
              )}
              <Group gap="md" mt={2}>
                <GroupChannel channel={group.channel} />
                <Text size="xs" c="dimmed" data-testid="group-detail-count">
                  {t('members', {
                    count: group.memberCount,
                    formatted: formatNumber(group.memberCount),
                  })}
                </Text>
              </Group>
            </Stack>
            {canManage && (
              <Group gap="xs" wrap="nowrap">
                <Button
                  leftSection={<IconUserPlus size={16} />}
                  onClick={onAddMembers}
                  visibleFrom="sm"
                  data-testid="group-add-members"
                >
                  {t('detail.addMembers')}
                </Button>
                <ActionIcon
                  size="lg"
                  onClick={onAddMembers}
                  hiddenFrom="sm"
                  aria-label={t('detail.addMembers')}
                >
                  <IconUserPlus size={18} />
                </ActionIcon>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('detail.edit')}
                      data-testid="group-menu"
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={15} />} onClick={onEdit}>
                      {t('detail.edit')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={15} />}
                      onClick={onDelete}
                      data-testid="group-delete"
                    >
                      {t('delete.action')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          </Group>
        </Stack>
      </Card>

      <Card p={0}>
        <Group justify="space-between" p="md" gap="sm" wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('detail.searchMembers')}
            aria-label={t('detail.searchMembers')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            maw={360}
          />
          {canManage && selected.size > 0 && (
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('detail.selected', { count: selected.size })}
              </Text>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={15} />}
                onClick={() => setRemoving([...selected])}
                data-testid="members-remove-selected"
              >
                {t('detail.removeSelected')}
              </Button>
            </Group>
          )}
        </Group>
        {body}
      </Card>

      <ConfirmDialog
        opened={removing !== null}
        title={t('detail.removeTitle', { count: removing?.length ?? 0 })}
        body={t('detail.removeBody')}
        confirmLabel={t('detail.removeConfirm')}
        danger
        loading={change.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
