import { useState } from 'react';
import { Button, Center, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { TEMPLATE_STATUSES, type Template, type TemplateStatus } from '@sapa/contracts';
import { IconBroadcast, IconPlus, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useMayOpen } from '../../app/useMayOpen';
import { formatNumber } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { PageHeader } from '../shared/PageHeader';
import { QueryState } from '../shared/QueryState';
import { useDeleteTemplate, useTemplateCount, useTemplates } from './api';
import { notifyTemplateFailure, usePublishDialog } from './publishFlow';
import { TemplateTable } from './TemplateTable';
import { WelcomeCard } from './WelcomeCard';
import classes from './templates.module.css';

const PHONE_QUERY = '(max-width: 767px)';
const ALL = 'all';

/**
 * /broadcast/template: the account's templates with their count, search by name or condition,
 * publish (after a confirmation), delete drafts, the welcome template, and the way to broadcasts.
 */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const { user } = useSession();
  const mayOpen = useMayOpen();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<TemplateStatus | null>(null);
  const list = useTemplates(debounced, status);
  const templates = list.data?.pages.flatMap((p) => p.data) ?? [];
  const reviewing = templates.some((tpl) => tpl.status === 'published');
  const count = useTemplateCount(reviewing);
  const publish = usePublishDialog();
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const filtered = debounced !== '' || status !== null;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      notifySuccess(t('delete.done'));
    } catch (error) {
      notifyTemplateFailure(error);
    } finally {
      setDeleting(null);
    }
  };

  const statusLabel = (s: TemplateStatus) =>
    count.data ? `${t(`status.${s}`)} (${formatNumber(count.data.byStatus[s])})` : t(`status.${s}`);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={
          count.data ? (
            <span data-testid="template-count">
              {t('count', { count: count.data.total, formatted: formatNumber(count.data.total) })}
            </span>
          ) : (
            t('subtitle')
          )
        }
        actions={
          <Group gap="sm">
            {/* API-only accounts may not open broadcasts (guard rule 7). */}
            {mayOpen('/broadcast') && (
              <Button
                component={Link}
                to="/broadcast"
                variant="default"
                leftSection={<IconBroadcast size={16} />}
                data-testid="template-to-broadcasts"
              >
                {t('toBroadcasts')}
              </Button>
            )}
            {canManage && (
              <Button
                component={Link}
                to="/broadcast/template/new"
                leftSection={<IconPlus size={16} />}
                data-testid="template-new"
              >
                {t('add')}
              </Button>
            )}
          </Group>
        }
      />

      <WelcomeCard canManage={canManage} />

      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          leftSection={<IconSearch size={16} />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="template-search"
        />
        <Select
          w={{ base: '100%', xs: 220 }}
          aria-label={t('statusFilter')}
          value={status ?? ALL}
          allowDeselect={false}
          onChange={(v) => setStatus(v && v !== ALL ? (v as TemplateStatus) : null)}
          data={[
            {
              value: ALL,
              label: count.data ? `${t('all')} (${formatNumber(count.data.total)})` : t('all'),
            },
            ...TEMPLATE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          ]}
          data-testid="template-status-filter"
        />
      </div>

      <QueryState
        query={list}
        retryLabel={t('retry')}
        isEmpty={templates.length === 0}
        empty={{
          icon: <IconTemplate size={28} stroke={1.5} />,
          title: filtered ? t('empty.noMatch') : t('empty.title'),
          text: filtered ? '' : t('empty.text'),
          action:
            canManage && !filtered ? (
              <Button
                component={Link}
                to="/broadcast/template/new"
                mt="sm"
                leftSection={<IconPlus size={16} />}
              >
                {t('add')}
              </Button>
            ) : undefined,
        }}
      >
        <TemplateTable
          templates={templates}
          phone={phone}
          canManage={canManage}
          onPublish={publish.ask}
          onDelete={setDeleting}
        />
        {list.hasNextPage && (
          <Center>
            <Button
              variant="default"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('loadMore')}
            </Button>
          </Center>
        )}
      </QueryState>
      {list.isSuccess && templates.length > 0 && filtered && (
        <Text size="xs" c="dimmed" ta="center">
          {formatNumber(list.data.pages[0]?.total ?? 0)} / {formatNumber(count.data?.total ?? 0)}
        </Text>
      )}

      {publish.dialog}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title')}
        body={t('delete.body', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
