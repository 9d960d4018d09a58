import { useState } from 'react';
import { Badge, Button, Card, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Label } from '@sapa/contracts';
import { IconPlus, IconSearch, IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { formatDate, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { PageHeader } from '../shared/PageHeader';
import { QueryState } from '../shared/QueryState';
import { RowActions } from '../shared/RowActions';
import { useEditDelete } from '../shared/useEditDelete';
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
  const ui = useEditDelete<Label>();
  // The server enforces it too; agents never get here through the guard.
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';

  const all = labels.data?.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((l) => l.label.toLowerCase().includes(needle)) : all;

  const confirmDelete = () => {
    if (!ui.deleting) return;
    remove.mutate(ui.deleting._id, {
      onSuccess: () => {
        notifySuccess(t('labels.deleted'));
        ui.cancelDelete();
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };

  const body = (
    <QueryState
      query={labels}
      retryLabel={t('actions.retry')}
      isEmpty={all.length === 0}
      empty={{
        icon: <IconTag size={28} stroke={1.5} />,
        title: t('labels.emptyTitle'),
        text: t('labels.emptyText'),
      }}
    >
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
                      <RowActions
                        editLabel={t('actions.edit')}
                        deleteLabel={t('actions.delete')}
                        onEdit={() => ui.open(label)}
                        onDelete={() => ui.askDelete(label)}
                        testId="label"
                      />
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
    </QueryState>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('labels.title')}
        subtitle={t('labels.subtitle')}
        actions={
          canManage && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => ui.open(null)}
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
        opened={ui.modalOpen}
        label={ui.editing}
        suggestedColor={defaultLabelColor(all.length)}
        onClose={ui.close}
      />
      <ConfirmDialog
        opened={ui.deleting !== null}
        title={t('labels.deleteTitle', { name: ui.deleting?.label ?? '' })}
        body={t('labels.deleteBody', { count: ui.deleting?.chatCount ?? 0 })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={ui.cancelDelete}
      />
    </Stack>
  );
}
