import { useState } from 'react';
import { Box, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OPS_ACCOUNT_STATUSES, type OpsAccountRow, type OpsAccountStatus } from '@sapa/contracts';
import { formatDate } from '../../lib/datetime';
import { formatCurrency, formatNumber } from '../../lib/format';
import { PageHeader } from '../shared/PageHeader';
import { QueryState } from '../shared/QueryState';
import { RecordCards, RecordTable, type RecordColumn } from '../shared/RecordList';
import { useOpsAccounts } from './api';
import { OPS_NS, OPS_ZONE } from './opsI18n';
import { StatusBadge } from './StatusBadge';

const PER_PAGE = 25;

/** Every account on the platform, searchable by company, admin email or id. */
export function OpsAccountsPage() {
  const { t } = useTranslation(OPS_NS);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OpsAccountStatus | null>(null);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useOpsAccounts({
    search: debounced || undefined,
    status: status ?? undefined,
    page,
    perpage: PER_PAGE,
  });
  const data = query.data;
  const open = (row: OpsAccountRow) => navigate(`/ops/accounts/${row.id}`);
  const due = (row: OpsAccountRow) =>
    row.dueDate ? formatDate(row.dueDate, { timeZone: OPS_ZONE }) : '—';
  const plan = (row: OpsAccountRow) => row.plan?.name ?? t('accounts.noPlan');

  const columns: RecordColumn<OpsAccountRow>[] = [
    {
      key: 'company',
      header: t('accounts.company'),
      cell: (row) => (
        <div>
          <Text fw={600} size="sm">
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.adminEmail ?? '—'}
          </Text>
        </div>
      ),
    },
    { key: 'plan', header: t('accounts.plan'), cell: plan },
    {
      key: 'status',
      header: t('accounts.status'),
      cell: (row) => <StatusBadge status={row.status} />,
    },
    { key: 'due', header: t('accounts.dueDate'), cell: due },
    {
      key: 'balance',
      header: t('accounts.balance'),
      cell: (row) => <span data-testid="ops-row-balance">{formatCurrency(row.balance)}</span>,
      td: { ta: 'right' },
    },
    {
      key: 'channels',
      header: t('accounts.channels'),
      cell: (row) => formatNumber(row.channels),
      td: { ta: 'right' },
    },
    {
      key: 'usage',
      header: t('accounts.usage'),
      cell: (row) => formatCurrency(row.usageThisMonth),
      td: { ta: 'right' },
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('accounts.title')}
        subtitle={
          query.data ? t('accounts.count', { count: query.data.total }) : t('accounts.subtitle')
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 260px' }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('accounts.search')}
          aria-label={t('accounts.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="ops-search"
        />
        <Select
          w={{ base: '100%', xs: 200 }}
          placeholder={t('accounts.allStatuses')}
          aria-label={t('accounts.status')}
          clearable
          value={status}
          onChange={(v) => {
            setStatus((v as OpsAccountStatus | null) ?? null);
            setPage(1);
          }}
          data={OPS_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Group>
      <QueryState
        query={query}
        retryLabel={t('retry')}
        isEmpty={query.data?.data.length === 0}
        empty={{
          icon: <IconBuildingStore size={28} />,
          title: t('accounts.empty'),
          text: t('accounts.emptyHint'),
        }}
      >
        {data && (
          <>
            <Box visibleFrom="sm">
              <RecordTable
                rows={data.data}
                rowKey={(r) => r.id}
                onOpen={open}
                testId="ops-accounts"
                rowTestId="ops-account-row"
                rowData={(r) => ({ 'data-account': r.id })}
                columns={columns}
                minWidth={860}
              />
            </Box>
            <Box hiddenFrom="sm">
              <RecordCards
                rows={data.data}
                rowKey={(r) => r.id}
                onOpen={open}
                testId="ops-accounts-cards"
                rowTestId="ops-account-card"
                title={(r) => (
                  <>
                    <Text fw={600}>{r.name}</Text>
                    <Text size="xs" c="dimmed">
                      {r.adminEmail ?? '—'}
                    </Text>
                  </>
                )}
                corner={(r) => <StatusBadge status={r.status} />}
                facts={(r) => [
                  { label: t('accounts.balance'), value: formatCurrency(r.balance) },
                  { label: t('accounts.plan'), value: plan(r) },
                  { label: t('accounts.dueDate'), value: due(r) },
                  { label: t('accounts.usage'), value: formatCurrency(r.usageThisMonth) },
                ]}
              />
            </Box>
            {data.total > PER_PAGE && (
              <Group justify="center" gap="sm" mt="lg">
                <Button
                  variant="default"
                  size="xs"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t('accounts.previous')}
                </Button>
                <Text size="sm" c="dimmed">
                  {t('accounts.page', { page, pages: Math.ceil(data.total / PER_PAGE) })}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  disabled={page * PER_PAGE >= data.total}
                  onClick={() => setPage(page + 1)}
                >
                  {t('accounts.next')}
                </Button>
              </Group>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
