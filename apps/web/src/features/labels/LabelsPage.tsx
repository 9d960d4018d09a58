import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import type { Label } from '@sapa/contracts';
import { IconPencil, IconPlus, IconSearch, IconTag, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { formatDate, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { PageHeader } from '../shared/PageHeader';
import { LabelModal } from './LabelModal';
import { defaultLabelColor, useDeleteLabel } from './mutations';
import { useLabelsWithCounts } from './useLabelsWithCounts';

/** /setting/labels: the account's labels with their colours and how many chats carry each. */
export function LabelsPage() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  const labels = useLabelsWithCounts();
  const remove = useDeleteLabel();
  const [search, setSearch] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [editing, setEditing] = useState<Label | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  // The server enforces it too; agents never get here through the guard.
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';

  const all = labels.data?.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((l) => l.label.toLowerCase().includes(needle)) : all;

  const open = (label: Label | null) => {
    setEditing(label);
    setModalOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notifySuccess(t('labels.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };

  let body;
  if (labels.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (labels.isError) {
    body = (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(labels.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void labels.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (all.length === 0) {
    body = (
      <Card>
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTag size={28} stroke={1.5} />
          </ThemeIcon>
          <Text fw={650} mt="xs">
            {t('labels.emptyTitle')}
          </Text>
          <Text size="sm" c="dimmed" maw={380}>
            {t('labels.emptyText')}
          </Text>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Card p={0}>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="label-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('labels.columns.label')}</Table.Th>
                <Table.Th ta="right">{t('labels.columns.chats')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('labels.columns.created')}</Table.Th>
                {canManage && <Table.Th w={96} aria-label={t('labels.columns.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((label) => (
                <Table.Tr key={label._id} data-testid={`label-row-${label.label}`}>
                  <Table.Td>
                    <Badge variant="light" color={label.color} radius="sm" size="lg" tt="none">
                      {label.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {label.chatCount === null ? '—' : formatNumber(label.chatCount)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" c="dimmed">
                    {formatDate(label.createdAt)}
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('actions.edit')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => open(label)}
                            aria-label={t('actions.edit')}
                            data-testid="label-edit"
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('actions.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(label)}
                            aria-label={t('actions.delete')}
                            data-testid="label-delete"
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('labels.noMatch')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('labels.title')}
        subtitle={t('labels.subtitle')}
        actions={
          canManage && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => open(null)}
              data-testid="label-open"
            >
              {t('labels.add')}
            </Button>
          )
        }
      />
      {all.length > 5 && (
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('labels.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          mb="md"
          maw={360}
        />
      )}
      {body}
      <LabelModal
        opened={modalOpen}
        label={editing}
        suggestedColor={defaultLabelColor(all.length)}
        onClose={() => setModalOpen(false)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('labels.deleteTitle', { name: deleting?.label ?? '' })}
        body={t('labels.deleteBody', { count: deleting?.chatCount ?? 0 })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
