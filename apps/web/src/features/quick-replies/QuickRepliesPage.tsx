import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import type { QuickReply } from '@sapa/contracts';
import {
  IconBolt,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDivisions } from '../settings/api';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { PageHeader } from '../shared/PageHeader';
import { useDeleteQuickReply, useQuickReplyList } from './api';
import { MediaIcon, QuickReplyModal } from './QuickReplyModal';

/** /setting/quick-replies: canned answers agents insert by typing "/" in the composer. */
export function QuickRepliesPage() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  const list = useQuickReplyList();
  const divisions = useDivisions();
  const remove = useDeleteQuickReply();
  const [search, setSearch] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [editing, setEditing] = useState<QuickReply | null>(null);
  const [deleting, setDeleting] = useState<QuickReply | null>(null);
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';

  const divisionName = new Map((divisions.data ?? []).map((d) => [d._id, d.name]));
  const all = [...(list.data ?? [])].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? all.filter(
        (q) => q.shortcut.toLowerCase().includes(needle) || q.text.toLowerCase().includes(needle),
      )
    : all;

  const open = (quickReply: QuickReply | null) => {
    setEditing(quickReply);
    setModalOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notifySuccess(t('quickReplies.deleted'));
        setDeleting(null);
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };

  let body;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(list.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
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
            <IconBolt size={28} stroke={1.5} />
          </ThemeIcon>
          <Text fw={650} mt="xs">
            {t('quickReplies.emptyTitle')}
          </Text>
          <Text size="sm" c="dimmed" maw={400}>
            {t('quickReplies.emptyText')}
          </Text>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Card p={0} data-testid="qr-list">
        {shown.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {t('quickReplies.noMatch')}
          </Text>
        )}
        {shown.map((q, i) => (
          <Fragment key={q._id}>
            {i > 0 && <Divider />}
            <Group
              p="md"
              gap="md"
              wrap="nowrap"
              align="flex-start"
              data-testid={`qr-row-${q.shortcut}`}
            >
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Code fw={650} fz="sm">
                    /{q.shortcut}
                  </Code>
                  {q.media && (
                    <Badge
                      variant="light"
                      color="gray"
                      leftSection={<MediaIcon mimeType={q.media.mimeType} size={12} />}
                      tt="none"
                      maw={220}
                    >
                      {q.media.filename ?? q.media.mimeType}
                    </Badge>
                  )}
                  <Badge variant="dot" color={q.divisionIds.length ? 'grape' : 'teal'} tt="none">
                    {q.divisionIds.length
                      ? q.divisionIds.map((id) => divisionName.get(id) ?? '…').join(', ')
                      : t('quickReplies.everyone')}
                  </Badge>
                </Group>
                {q.text && (
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
                    {q.text}
                  </Text>
                )}
              </Stack>
              {canManage && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('actions.edit')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => open(q)}
                      aria-label={t('actions.edit')}
                      data-testid="qr-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('actions.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(q)}
                      aria-label={t('actions.delete')}
                      data-testid="qr-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          </Fragment>
        ))}
      </Card>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('quickReplies.title')}
        subtitle={t('quickReplies.subtitle')}
        actions={
          canManage && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => open(null)}
              data-testid="qr-open"
            >
              {t('quickReplies.add')}
            </Button>
          )
        }
      />
      {all.length > 0 && (
        <Group mb="md" justify="space-between">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('quickReplies.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={360}
            maw="100%"
          />
          <Group gap={6} c="dimmed" visibleFrom="sm">
            <IconUsers size={14} />
            <Text size="xs">{t('quickReplies.scopeHint')}</Text>
          </Group>
        </Group>
      )}
      {body}
      <QuickReplyModal
        opened={modalOpen}
        quickReply={editing}
        onClose={() => setModalOpen(false)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('quickReplies.deleteTitle', { shortcut: deleting?.shortcut ?? '' })}
        body={t('quickReplies.deleteBody')}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
