import { useState } from 'react';
import { Badge, Button, Card, Code, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import type { QuickReply } from '@sapa/contracts';
import { IconBolt, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDivisions } from '../settings/api';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { PageHeader } from '../shared/PageHeader';
import { QueryState } from '../shared/QueryState';
import { RowActions } from '../shared/RowActions';
import { useEditDelete } from '../shared/useEditDelete';
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
  const ui = useEditDelete<QuickReply>();
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';

  const divisionName = new Map((divisions.data ?? []).map((d) => [d._id, d.name]));
  const all = [...(list.data ?? [])].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? all.filter(
        (q) => q.shortcut.toLowerCase().includes(needle) || q.text.toLowerCase().includes(needle),
      )
    : all;

  const confirmDelete = () => {
    if (!ui.deleting) return;
    remove.mutate(ui.deleting._id, {
      onSuccess: () => {
        notifySuccess(t('quickReplies.deleted'));
        ui.cancelDelete();
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };

  const body = (
    <QueryState
      query={list}
      retryLabel={t('actions.retry')}
      isEmpty={all.length === 0}
      empty={{
        icon: <IconBolt size={28} stroke={1.5} />,
        title: t('quickReplies.emptyTitle'),
        text: t('quickReplies.emptyText'),
      }}
    >
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
                <RowActions
                  editLabel={t('actions.edit')}
                  deleteLabel={t('actions.delete')}
                  onEdit={() => ui.open(q)}
                  onDelete={() => ui.askDelete(q)}
                  testId="qr"
                />
              )}
            </Group>
          </Fragment>
        ))}
      </Card>
    </QueryState>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('quickReplies.title')}
        subtitle={t('quickReplies.subtitle')}
        actions={
          canManage && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => ui.open(null)}
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
      <QuickReplyModal opened={ui.modalOpen} quickReply={ui.editing} onClose={ui.close} />
      <ConfirmDialog
        opened={ui.deleting !== null}
        title={t('quickReplies.deleteTitle', { shortcut: ui.deleting?.shortcut ?? '' })}
        body={t('quickReplies.deleteBody')}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={ui.cancelDelete}
      />
    </Stack>
  );
}
