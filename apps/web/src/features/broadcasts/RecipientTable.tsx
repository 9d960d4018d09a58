import { useState } from 'react';
import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { RECIPIENT_STATUSES, type BroadcastRecipient, type RecipientStatus } from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../shared/forms';
import { useRecipients } from './api';
import { RecipientBadge } from './parts';
import classes from './broadcasts.module.css';

const time = (value: string | null) => (value ? formatDateTime(value) : '—');

/** Per-recipient results: status filter, phone search, load more; cards on a phone. */
export function RecipientTable({ broadcastId }: { broadcastId: string }) {
  const { t } = useTranslation('broadcasts');
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useRecipients(broadcastId, status, debounced);
  const rows = query.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Card padding="lg">
      <Group justify="space-between" mb="md" gap="sm">
        <Text fw={650}>{t('result.recipients')}</Text>
        <Group gap="sm" wrap="wrap" style={{ flex: phone ? '1 1 100%' : undefined }}>
          <Select
            data={RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`recipientStatus.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as RecipientStatus | null)}
            placeholder={t('result.allStatuses')}
            clearable
            w={phone ? '100%' : 190}
            aria-label={t('result.columns.status')}
            data-testid="recipient-status-filter"
          />
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('result.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={phone ? '100%' : 200}
            aria-label={t('result.search')}
          />
        </Group>
      </Group>
      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <Text c="red" size="sm">
          {errorText(query.error)}
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {t('result.noRecipients')}
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {rows.map((r) => (
            <RecipientCard key={r._id} r={r} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="recipient-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('result.columns.row')}</Table.Th>
                <Table.Th>{t('result.columns.phone')}</Table.Th>
                <Table.Th>{t('result.columns.status')}</Table.Th>
                <Table.Th>{t('result.columns.reason')}</Table.Th>
                <Table.Th>{t('result.columns.sent')}</Table.Th>
                <Table.Th>{t('result.columns.delivered')}</Table.Th>
                <Table.Th>{t('result.columns.read')}</Table.Th>
                <Table.Th>{t('result.columns.replied')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td c="dimmed" className={classes.stat}>
                    {r.row}
                  </Table.Td>
                  <Table.Td className={classes.mono}>+{r.phone}</Table.Td>
                  <Table.Td>
                    <RecipientBadge status={r.status} />
                  </Table.Td>
                  <Table.Td c={r.error ? 'red.8' : 'dimmed'} fz="sm" maw={260}>
                    {r.error ?? '—'}
                  </Table.Td>
                  <Table.Td fz="sm">{time(r.sentAt)}</Table.Td>
                  <Table.Td fz="sm">{time(r.deliveredAt)}</Table.Td>
                  <Table.Td fz="sm">{time(r.readAt)}</Table.Td>
                  <Table.Td fz="sm">{time(r.repliedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.hasNextPage && (
        <Center mt="md">
          <Button
            variant="subtle"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('loadMore')}
          </Button>
        </Center>
      )}
    </Card>
  );
}

function RecipientCard({ r }: { r: BroadcastRecipient }) {
  const { t } = useTranslation('broadcasts');
  const last = r.repliedAt ?? r.readAt ?? r.deliveredAt ?? r.sentAt ?? r.failedAt;
  return (
    <Card padding="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Text className={classes.mono}>+{r.phone}</Text>
        <RecipientBadge status={r.status} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('wizard.review.row', { row: r.row })}
        {last ? ` · ${formatDateTime(last)}` : ''}
        {r.repliedAt ? ` · ${t('result.replied')}` : ''}
      </Text>
      {r.error && (
        <Text size="xs" c="red.8" mt={4}>
          {r.error}
        </Text>
      )}
    </Card>
  );
}
