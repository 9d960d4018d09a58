import { Group, Text } from '@mantine/core';
import type { Ticket } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { RecordCards, RecordTable, type RecordColumn } from '../shared/RecordList';
import { ContactCell, FirstResponse, ResolveButton, StatusBadge, When } from './TicketParts';

interface ListProps {
  tickets: Ticket[];
  onOpen: (ticket: Ticket) => void;
  onResolve: (ticket: Ticket) => void;
}

const rowData = (ticket: Ticket) => ({
  'data-ticket-id': ticket._id,
  'data-chat-id': ticket.chatId,
});

/** Laptop: one row per ticket; a click opens its chat. */
export function TicketTable({ tickets, onOpen, onResolve }: ListProps) {
  const { t } = useTranslation('tickets');
  const columns: RecordColumn<Ticket>[] = [
    {
      key: 'contact',
      header: t('columns.contact'),
      cell: (ticket) => <ContactCell ticket={ticket} />,
      td: { maw: 260 },
    },
    {
      key: 'agent',
      header: t('columns.agent'),
      cell: (ticket) => (
        <>
          <Text size="sm" c={ticket.agent ? undefined : 'dimmed'} truncate="end" maw={180}>
            {ticket.agent?.name ?? t('unassigned')}
          </Text>
          {ticket.resolvedBy && (
            <Text size="xs" c="dimmed" truncate="end" maw={180}>
              {t('resolvedBy', { name: ticket.resolvedBy.name })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (ticket) => <StatusBadge status={ticket.status} />,
      td: { miw: 96 },
    },
    {
      key: 'openAt',
      header: t('columns.openAt'),
      cell: (ticket) => <When at={ticket.openAt} stacked />,
    },
    {
      key: 'answerAt',
      header: t('columns.answerAt'),
      cell: (ticket) => <When at={ticket.answerAt} stacked />,
    },
    {
      key: 'closeAt',
      header: t('columns.closeAt'),
      cell: (ticket) => <When at={ticket.closeAt} stacked />,
    },
    {
      key: 'firstResponse',
      header: t('columns.firstResponse'),
      cell: (ticket) => <FirstResponse seconds={ticket.firstResponseSeconds} />,
    },
    {
      key: 'actions',
      header: '',
      ariaLabel: t('columns.actions'),
      cell: (ticket) =>
        ticket.status === 'open' && <ResolveButton onClick={() => onResolve(ticket)} />,
      td: { ta: 'right' },
    },
  ];
  return (
    <RecordTable
      rows={tickets}
      rowKey={(ticket) => ticket._id}
      onOpen={onOpen}
      testId="ticket-table"
      rowTestId="ticket-row"
      rowData={rowData}
      columns={columns}
      minWidth={960}
    />
  );
}

/** Phone: one card per ticket with the same facts, stacked. */
export function TicketCards({ tickets, onOpen, onResolve }: ListProps) {
  const { t } = useTranslation('tickets');
  return (
    <RecordCards
      rows={tickets}
      rowKey={(ticket) => ticket._id}
      onOpen={onOpen}
      testId="ticket-cards"
      rowTestId="ticket-row"
      rowData={rowData}
      title={(ticket) => <ContactCell ticket={ticket} />}
      corner={(ticket) => <StatusBadge status={ticket.status} />}
      facts={(ticket) => [
        { label: t('columns.agent'), value: ticket.agent?.name ?? t('unassigned') },
        { label: t('columns.openAt'), value: <When at={ticket.openAt} /> },
        { label: t('columns.answerAt'), value: <When at={ticket.answerAt} /> },
        { label: t('columns.closeAt'), value: <When at={ticket.closeAt} /> },
        {
          label: t('columns.firstResponse'),
          value: <FirstResponse seconds={ticket.firstResponseSeconds} />,
        },
      ]}
      footer={(ticket) =>
        ticket.status === 'open' && (
          <Group justify="flex-end" mt="sm">
            <ResolveButton onClick={() => onResolve(ticket)} />
          </Group>
        )
      }
    />
  );
}
