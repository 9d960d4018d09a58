import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Division } from '@sapa/contracts';
import { formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorText } from '../../shared/forms';
import { useDeleteDivision } from '../api';
import { DivisionModal } from './DivisionModal';

export function DivisionsTab({
  divisions,
  canManage,
}: {
  divisions: Division[];
  canManage: boolean;
}) {
  const { t } = useTranslation('settings');
  const remove = useDeleteDivision();
  const [modalOpen, setModalOpen] = useState(false);
  const [editing, setEditing] = useState<Division | null>(null);
  const [deleting, setDeleting] = useState<Division | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const open = (division: Division | null) => {
    setEditing(division);
    setModalOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notifySuccess(t('divisions.deleted'));
        setConfirmOpen(false);
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };

  return (
    <Stack gap="md">
      {canManage && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => open(null)}
            data-testid="division-open"
          >
            {t('divisions.add')}
          </Button>
        </Group>
      )}
      {divisions.length === 0 ? (
        <Card>
          <Text c="dimmed" ta="center" size="sm" py="lg">
            {t('divisions.empty')}
          </Text>
        </Card>
      ) : (
        <Card p={0}>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="division-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('divisions.columns.name')}</Table.Th>
                  <Table.Th>{t('divisions.columns.description')}</Table.Th>
                  <Table.Th ta="right">{t('divisions.columns.members')}</Table.Th>
                  {canManage && <Table.Th w={96} aria-label={t('team.columns.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {divisions.map((division) => (
                  <Table.Tr key={division._id} data-testid={`division-row-${division.name}`}>
                    <Table.Td fw={600}>{division.name}</Table.Td>
                    <Table.Td c={division.description ? undefined : 'dimmed'} maw={420}>
                      <Text size="sm" lineClamp={2}>
                        {division.description || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(division.memberCount)}</Table.Td>
                    {canManage && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={t('actions.edit')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('actions.edit')}
                              onClick={() => open(division)}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('actions.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('actions.delete')}
                              onClick={() => {
                                setDeleting(division);
                                setConfirmOpen(true);
                              }}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <DivisionModal opened={modalOpen} division={editing} onClose={() => setModalOpen(false)} />
      <ConfirmDialog
        opened={confirmOpen}
        title={t('divisions.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('divisions.deleteBody')}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirmOpen(false)}
      />
    </Stack>
  );
}
