import { useMemo, useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Division, User, UserStatus } from '@sapa/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorText } from '../../shared/forms';
import { useMemberAction } from '../api';
import { MemberActions, type MemberCommand } from './MemberActions';
import { DivisionBadges, MemberIdentity, RoleBadge, StatusBadge } from './MemberBadges';
import { MemberModal } from './MemberModal';

const STATUS_ORDER: Record<UserStatus, number> = {
  active: 0,
  invited: 1,
  unverified: 2,
  deactivated: 3,
};

interface MembersTabProps {
  members: User[];
  divisions: Division[];
  currentUserId: string;
  canManage: boolean;
}

type Pending = { command: 'deactivate' | 'reactivate'; user: User } | null;

export function MembersTab({ members, divisions, currentUserId, canManage }: MembersTabProps) {
  const { t } = useTranslation('settings');
  const wide = useMediaQuery('(min-width: 48em)', true);
  const action = useMemberAction();
  const [search, setSearch] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  // Kept apart from `pending` so the dialog's text stays put while it animates closed.
  const [confirmOpen, setConfirmOpen] = useState(false);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return members
      .filter(
        (m) =>
          !needle ||
          m.name.toLowerCase().includes(needle) ||
          m.email.toLowerCase().includes(needle),
      )
      .sort(
        (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name),
      );
  }, [members, search]);

  const openInvite = () => {
    setEditing(null);
    setModalOpen(true);
  };

  const onCommand = (command: MemberCommand, user: User) => {
    if (command === 'edit') {
      setEditing(user);
      setModalOpen(true);
    } else if (command === 'resend') {
      action.mutate(
        { id: user._id, action: 'resend-invite' },
        {
          onSuccess: () => notifySuccess(t('team.resent', { email: user.email })),
          onError: (error) => notifyError(errorText(error)),
        },
      );
    } else {
      setPending({ command, user });
      setConfirmOpen(true);
    }
  };

  const confirm = () => {
    if (!pending) return;
    const { command, user } = pending;
    action.mutate(
      { id: user._id, action: command },
      {
        onSuccess: () => {
          notifySuccess(
            t(command === 'deactivate' ? 'team.deactivated' : 'team.reactivated', {
              name: user.name,
            }),
          );
          setConfirmOpen(false);
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );
  };

  const actionsFor = (user: User) =>
    canManage ? (
      <MemberActions user={user} isMe={user._id === currentUserId} onCommand={onCommand} />
    ) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <TextInput
          placeholder={t('team.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
          aria-label={t('team.search')}
          data-testid="team-search"
        />
        <Group gap="md" justify="flex-end" style={{ flex: 1 }}>
          <Text size="sm" c="dimmed">
            {t('team.count', { count: members.length })}
          </Text>
          {canManage && (
            <Button
              leftSection={<IconUserPlus size={16} />}
              onClick={openInvite}
              data-testid="invite-open"
            >
              {t('team.invite')}
            </Button>
          )}
        </Group>
      </Group>

      {shown.length === 0 ? (
        <Card>
          <Text c="dimmed" ta="center" size="sm" py="lg">
            {t('team.empty')}
          </Text>
        </Card>
      ) : wide ? (
        <Card p={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              data-testid="team-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('team.columns.member')}</Table.Th>
                  <Table.Th>{t('team.columns.role')}</Table.Th>
                  <Table.Th>{t('team.columns.divisions')}</Table.Th>
                  <Table.Th>{t('team.columns.status')}</Table.Th>
                  {canManage && <Table.Th w={60} aria-label={t('team.columns.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((user) => (
                  <Table.Tr key={user._id} data-testid={`member-row-${user.email}`}>
                    <Table.Td maw={300}>
                      <MemberIdentity user={user} isMe={user._id === currentUserId} />
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge role={user.role} />
                    </Table.Td>
                    <Table.Td>
                      <DivisionBadges user={user} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={user.status} />
                    </Table.Td>
                    {canManage && <Table.Td>{actionsFor(user)}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="team-list">
          {shown.map((user) => (
            <Card key={user._id} padding="md" data-testid={`member-row-${user.email}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <MemberIdentity user={user} isMe={user._id === currentUserId} />
                {actionsFor(user)}
              </Group>
              <Group gap="xs" mt="sm">
                <RoleBadge role={user.role} />
                <StatusBadge status={user.status} />
              </Group>
              <div style={{ marginTop: 8 }}>
                <DivisionBadges user={user} />
              </div>
            </Card>
          ))}
        </Stack>
      )}

      <MemberModal
        opened={modalOpen}
        member={editing}
        currentUserId={currentUserId}
        divisions={divisions}
        members={members}
        onClose={() => setModalOpen(false)}
      />
      <ConfirmDialog
        opened={confirmOpen}
        title={
          pending
            ? t(
                pending.command === 'deactivate' ? 'team.deactivateTitle' : 'team.reactivateTitle',
                {
                  name: pending.user.name,
                },
              )
            : ''
        }
        body={
          pending
            ? t(pending.command === 'deactivate' ? 'team.deactivateBody' : 'team.reactivateBody', {
                name: pending.user.name,
              })
            : ''
        }
        confirmLabel={
          pending?.command === 'reactivate' ? t('team.reactivate') : t('team.deactivate')
        }
        danger={pending?.command === 'deactivate'}
        loading={action.isPending}
        onConfirm={confirm}
        onClose={() => setConfirmOpen(false)}
      />
    </Stack>
  );
}
