import { useState } from 'react';
import { Badge, Button, Code, Group, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCOPE_LABELS, type ApiKey } from '@sapa/contracts';
import { formatDate, formatDateTime } from '../../../lib/datetime';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorText } from '../../shared/forms';
import { QueryState } from '../../shared/QueryState';
import { RecordCards, RecordTable, type RecordColumn } from '../../shared/RecordList';
import { SectionCard } from '../../shared/SectionCard';
import { useApiKeys, useRevokeApiKey } from '../api';
import { CreateKeyModal } from './CreateKeyModal';

const PHONE_QUERY = '(max-width: 767px)';
const SHOWN_SCOPES = 2;
const STATE_COLOR = { active: 'sapa', expired: 'gray', revoked: 'red' } as const;
// Short facts keep one line; the table scrolls sideways instead.
const NOWRAP = { style: { whiteSpace: 'nowrap' } } as const;

/** The account's keys: a table on laptops, cards on phones; create and revoke. */
export function KeysCard() {
  const { t, i18n } = useTranslation('apiKeys');
  const lang = i18n.language === 'id' ? 'id' : 'en';
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const query = useApiKeys(true);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const state = (k: ApiKey) => (
    <Badge color={STATE_COLOR[k.state]} variant="light" data-testid="api-key-state">
      {t(`keys.state.${k.state}`)}
    </Badge>
  );
  const scopes = (k: ApiKey) => (
    <Group gap={4}>
      {k.scopes.slice(0, SHOWN_SCOPES).map((s) => (
        <Tooltip key={s} label={SCOPE_LABELS[s][lang]}>
          <Badge variant="outline" color="gray" tt="none" fw={500}>
            {s}
          </Badge>
        </Tooltip>
      ))}
      {k.scopes.length > SHOWN_SCOPES && (
        <Tooltip label={k.scopes.slice(SHOWN_SCOPES).join(', ')}>
          <Badge variant="light" color="gray" tt="none" fw={500}>
            {t('keys.moreScopes', { count: k.scopes.length - SHOWN_SCOPES })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
  const prefix = (k: ApiKey) => <Code>{k.prefix}…</Code>;
  const lastUsed = (k: ApiKey) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('keys.notUsed'));
  const expires = (k: ApiKey) => (k.expiresAt ? formatDate(k.expiresAt) : t('keys.never'));
  const revokeButton = (k: ApiKey) =>
    k.state === 'active' && (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setRevoking(k)}
        aria-label={`${t('keys.revoke')} ${k.name}`}
        data-testid="api-key-revoke"
      >
        {t('keys.revoke')}
      </Button>
    );

  const columns: RecordColumn<ApiKey>[] = [
    { key: 'name', header: t('keys.columns.name'), cell: (k) => <Text fw={600}>{k.name}</Text> },
    { key: 'prefix', header: t('keys.columns.prefix'), cell: prefix, td: NOWRAP },
    { key: 'scopes', header: t('keys.columns.scopes'), cell: scopes },
    {
      key: 'created',
      header: t('keys.columns.created'),
      cell: (k) => formatDate(k.createdAt),
      td: NOWRAP,
    },
    { key: 'lastUsed', header: t('keys.columns.lastUsed'), cell: lastUsed },
    { key: 'expires', header: t('keys.columns.expires'), cell: expires, td: NOWRAP },
    // A badge's grid has no minimum width of its own: the table would squeeze it to "AC…".
    {
      key: 'state',
      header: t('keys.columns.state'),
      cell: state,
      td: { style: { whiteSpace: 'nowrap', minWidth: 120 } },
    },
    { key: 'actions', header: '', ariaLabel: t('keys.revoke'), cell: revokeButton, align: 'right' },
  ];

  const list = (rows: ApiKey[]) =>
    rows.length === 0 ? (
      <Group gap="sm" c="dimmed" py="md" data-testid="api-keys-empty">
        <IconKey size={20} />
        <Text size="sm">{t('keys.empty')}</Text>
      </Group>
    ) : phone ? (
      <RecordCards
        rows={rows}
        rowKey={(k) => k._id}
        testId="api-keys"
        rowTestId="api-key-row"
        title={(k) => <Text fw={600}>{k.name}</Text>}
        corner={state}
        facts={(k) => [
          { label: t('keys.columns.prefix'), value: prefix(k) },
          { label: t('keys.columns.scopes'), value: scopes(k) },
          { label: t('keys.columns.lastUsed'), value: lastUsed(k) },
          { label: t('keys.columns.expires'), value: expires(k) },
        ]}
        footer={(k) => <Group justify="flex-end">{revokeButton(k)}</Group>}
      />
    ) : (
      <RecordTable
        rows={rows}
        rowKey={(k) => k._id}
        testId="api-keys"
        rowTestId="api-key-row"
        columns={columns}
        minWidth={980}
      />
    );

  return (
    <SectionCard
      title={t('keys.title')}
      description={t('keys.description')}
      aside={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          data-testid="api-key-create"
        >
          {t('keys.create')}
        </Button>
      }
      testId="api-keys-card"
    >
      <QueryState query={query} retryLabel={t('keys.retry')}>
        {list(query.data ?? [])}
      </QueryState>
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('keys.revokeTitle')}
        body={t('keys.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('keys.revoke')}
        danger
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking._id);
            notifySuccess(t('keys.revoked'));
            setRevoking(null);
          } catch (error) {
            notifyError(errorText(error));
          }
        }}
      />
    </SectionCard>
  );
}
