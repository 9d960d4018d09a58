import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Center,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContactGroup } from '@sapa/contracts';
import { IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { PageHeader } from '../shared/PageHeader';
import { AddMembersModal } from './AddMembersModal';
import { useDeleteGroup, useGroups } from './api';
import { GroupDetail } from './GroupDetail';
import { GroupList } from './GroupList';
import { GroupModal } from './GroupModal';
import classes from './groups.module.css';

const PHONE_QUERY = '(max-width: 767px)';

/** The form's target: a new group, one being edited, or closed. */
type Editing = { group: ContactGroup | null } | null;

/**
 * /contact/group (issue 5): the account's contact groups beside the chosen group's members. The
 * chosen group lives in `?group=` so a reload or a shared link keeps it; on phones the detail
 * replaces the list.
 */
export function ContactGroupsPage() {
  const { t } = useTranslation('contactGroups');
  const { user } = useSession();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const groups = useGroups();
  const remove = useDeleteGroup();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ContactGroup | null>(null);
  const [adding, setAdding] = useState<ContactGroup | null>(null);
  // The server refuses the same to agents; hiding the buttons keeps them from a dead end.
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';

  const all = groups.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((g) => g.name.toLowerCase().includes(needle)) : all;
  const selectedId = params.get('group');
  // On a wide screen the first group opens by itself, so the right pane is never idle.
  const selected =
    all.find((g) => g._id === selectedId) ?? (phone || selectedId ? undefined : all[0]);

  const select = (id: string | null) =>
    setParams(id ? { group: id } : {}, { replace: !phone && id !== null });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      notifySuccess(t('delete.done'));
      if (selected?._id === deleting._id) select(null);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setDeleting(null);
    }
  };

  let sidebar;
  if (groups.isPending) {
    sidebar = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (groups.isError) {
    sidebar = (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(groups.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void groups.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (all.length === 0) {
    return (
      <Stack gap={0}>
        <Header canManage={canManage} onCreate={() => setEditing({ group: null })} />
        <Card>
          <Stack align="center" gap="xs" py={56} ta="center" data-testid="groups-empty">
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconUsersGroup size={32} stroke={1.4} />
            </ThemeIcon>
            <Text fw={650} mt="sm">
              {t('empty.title')}
            </Text>
            <Text size="sm" c="dimmed" maw={380}>
              {t('empty.text')}
            </Text>
            {canManage && (
              <Button
                mt="sm"
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing({ group: null })}
              >
                {t('add')}
              </Button>
            )}
          </Stack>
        </Card>
        <GroupModal opened={editing !== null} group={null} onClose={() => setEditing(null)} />
      </Stack>
    );
  } else {
    sidebar = (
      <Card p="xs">
        <Stack gap="xs">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <GroupList
            groups={shown}
            selectedId={selected?._id ?? null}
            onSelect={(g) => select(g._id)}
          />
          {shown.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('empty.noMatch')}
            </Text>
          )}
        </Stack>
      </Card>
    );
  }

  const detail = selected ? (
    <GroupDetail
      key={selected._id}
      group={selected}
      canManage={canManage}
      onBack={phone ? () => select(null) : undefined}
      onEdit={() => setEditing({ group: selected })}
      onDelete={() => setDeleting(selected)}
      onAddMembers={() => setAdding(selected)}
    />
  ) : (
    <Card>
      <Stack align="center" gap="xs" py={56} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconUsersGroup size={28} stroke={1.5} />
        </ThemeIcon>
        <Text fw={650}>{t('select.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('select.text')}
        </Text>
      </Stack>
    </Card>
  );

  let content;
  if (phone) content = selected ? detail : sidebar;
  else
    content = (
      <div className={classes.layout}>
        <div className={classes.sidebar}>{sidebar}</div>
        {groups.isSuccess && detail}
      </div>
    );

  return (
    <Stack gap={0}>
      {!(phone && selected) && (
        <Header canManage={canManage} onCreate={() => setEditing({ group: null })} />
      )}
      {content}
      <GroupModal
        opened={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
        onSaved={(g) => {
          if (!editing?.group) select(g._id);
        }}
      />
      <AddMembersModal group={adding} onClose={() => setAdding(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        body={t('delete.body', {
          count: deleting?.memberCount ?? 0,
          formatted: formatNumber(deleting?.memberCount ?? 0),
        })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function Header({ canManage, onCreate }: { canManage: boolean; onCreate: () => void }) {
  const { t } = useTranslation('contactGroups');
  return (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="group-open">
            {t('add')}
          </Button>
        )
      }
    />
  );
}
