import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Ticket } from '@sapa/contracts';
import { IconDownload, IconTicket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { errorMessage, message } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resolveTicket } from '../inbox/actions/api';
import { ConfirmDialog } from '../inbox/actions/ConfirmDialog';
import { applyChatResult } from '../inbox/chatListCache';
import { PageHeader } from '../shared/PageHeader';
import { exportTickets, ticketKeys, useTickets } from './api';
import { filtersFromParams, filtersToParams, hasFilters, type TicketFilters } from './filters';
import { TicketFiltersBar } from './TicketFiltersBar';
import { TicketCards, TicketTable } from './TicketTable';

const PHONE_QUERY = '(max-width: 767px)';

/** /ticket (spec §2): tickets handled by agents, their times, filters, resolve and export. */
export function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const tickets = useTickets(filters);
  const [resolving, setResolving] = useState<Ticket | null>(null);
  const [resolvePending, setResolvePending] = useState(false);
  const [exporting, setExporting] = useState(false);

  const setFilters = (next: TicketFilters) => setParams(filtersToParams(next), { replace: true });
  const rows = tickets.data?.pages.flatMap((p) => p.data) ?? [];

  const open = (ticket: Ticket) => void navigate(`/chat?id=${encodeURIComponent(ticket.chatId)}`);

  const confirmResolve = async () => {
    if (!resolving) return;
    setResolvePending(true);
    try {
      const chat = await resolveTicket(resolving.chatId, user?._id ?? null);
      applyChatResult(queryClient, chat, user?._id ?? null);
      notifySuccess(t('resolved'));
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    } catch {
      // Spec §8: one sentence for any failure to resolve.
      notifyError(message('resolveTicketFailed'));
    } finally {
      setResolvePending(false);
      setResolving(null);
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      await exportTickets(filters);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (tickets.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (tickets.isError) {
    body = (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(tickets.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void tickets.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Center py={64} data-testid="tickets-empty">
        <Stack align="center" gap="xs" maw={360} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconTicket size={32} stroke={1.4} />
          </ThemeIcon>
          <Text fw={650} mt="sm">
            {hasFilters(filters) ? t('empty.filteredTitle') : t('empty.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {hasFilters(filters) ? t('empty.filteredText') : t('empty.text')}
          </Text>
        </Stack>
      </Center>
    );
  } else {
    const List = phone ? TicketCards : TicketTable;
    body = (
      <>
        <List tickets={rows} onOpen={open} onResolve={setResolving} />
        <Group justify="center" mt="md">
          {tickets.hasNextPage ? (
            <Button
              variant="default"
              loading={tickets.isFetchingNextPage}
              onClick={() => void tickets.fetchNextPage()}
              data-testid="tickets-more"
            >
              {t('loadMore')}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              {t('shown', { count: rows.length })}
            </Text>
          )}
        </Group>
        {tickets.isFetchNextPageError && (
          <Text size="sm" c="red" ta="center" mt="xs">
            {t('loadMoreFailed')}
          </Text>
        )}
      </>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => void download()}
            data-testid="tickets-export"
          >
            {t('export')}
          </Button>
        }
      />
      <TicketFiltersBar filters={filters} onChange={setFilters} compact={phone} />
      {body}
      <ConfirmDialog
        request={
          resolving
            ? {
                title: message('resolveConfirmTitle'),
                message: message('resolveConfirm'),
                confirmLabel: t('resolve'),
                color: 'teal',
              }
            : null
        }
        loading={resolvePending}
        onConfirm={() => void confirmResolve()}
        onCancel={() => setResolving(null)}
      />
    </Stack>
  );
}
