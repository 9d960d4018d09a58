import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Ticket } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { ContactCell, FirstResponse, ResolveButton, StatusBadge, When } from './TicketParts';
import classes from './tickets.module.css';

interface ListProps {
  tickets: Ticket[];
  onOpen: (ticket: Ticket) => void;
  onResolve: (ticket: Ticket) => void;
}

/** Laptop: one row per ticket; a click opens its chat. */
export function TicketTable({ tickets, onOpen, onResolve }: ListProps) {
  const { t } = useTranslation('tickets');
  return (
    <Card p={0} withBorder radius="md">
      <Table.ScrollContainer minWidth={960}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          data-testid="ticket-table"
        >
          <Table.Thead className={classes.head}>
            <Table.Tr>
              <Table.Th>{t('columns.contact')}</Table.Th>
              <Table.Th>{t('columns.agent')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.openAt')}</Table.Th>
              <Table.Th>{t('columns.answerAt')}</Table.Th>
              <Table.Th>{t('columns.closeAt')}</Table.Th>
              <Table.Th>{t('columns.firstResponse')}</Table.Th>
              <Table.Th aria-label={t('columns.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tickets.map((ticket) => (
              <Table.Tr
                key={ticket._id}
                className={classes.row}
                onClick={() => onOpen(ticket)}
                data-testid="ticket-row"
                data-ticket-id={ticket._id}
                data-chat-id={ticket.chatId}
              >
                <Table.Td maw={260}>
                  <ContactCell ticket={ticket} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={ticket.agent ? undefined : 'dimmed'} truncate="end" maw={180}>
                    {ticket.agent?.name ?? t('unassigned')}
                  </Text>
                  {ticket.resolvedBy && (
                    <Text size="xs" c="dimmed" truncate="end" maw={180}>
                      {t('resolvedBy', { name: ticket.resolvedBy.name })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td miw={96}>
                  <StatusBadge status={ticket.status} />
                </Table.Td>
                <Table.Td>
                  <When at={ticket.openAt} />
                </Table.Td>
                <Table.Td>
                  <When at={ticket.answerAt} />
                </Table.Td>
                <Table.Td>
                  <When at={ticket.closeAt} />
                </Table.Td>
                <Table.Td>
                  <FirstResponse seconds={ticket.firstResponseSeconds} />
                </Table.Td>
                <Table.Td ta="right">
                  {ticket.status === 'open' && <ResolveButton onClick={() => onResolve(ticket)} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phone: one card per ticket with the same facts, stacked. */
export function TicketCards({ tickets, onOpen, onResolve }: ListProps) {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="sm" data-testid="ticket-cards">
      {tickets.map((ticket) => (
        <Card
          key={ticket._id}
          withBorder
          radius="md"
          p="md"
          className={classes.card}
          onClick={() => onOpen(ticket)}
          data-testid="ticket-row"
          data-ticket-id={ticket._id}
          data-chat-id={ticket.chatId}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
            <div style={{ minWidth: 0, flex: 1 }}>
              <ContactCell ticket={ticket} />
            </div>
            <StatusBadge status={ticket.status} />
          </Group>
          <dl className={classes.facts}>
            <dt>{t('columns.agent')}</dt>
            <dd>{ticket.agent?.name ?? t('unassigned')}</dd>
            <dt>{t('columns.openAt')}</dt>
            <dd>
              <When at={ticket.openAt} />
            </dd>
            <dt>{t('columns.answerAt')}</dt>
            <dd>
              <When at={ticket.answerAt} />
            </dd>
            <dt>{t('columns.closeAt')}</dt>
            <dd>
              <When at={ticket.closeAt} />
            </dd>
            <dt>{t('columns.firstResponse')}</dt>
            <dd>
              <FirstResponse seconds={ticket.firstResponseSeconds} />
            </dd>
          </dl>
          {ticket.status === 'open' && (
            <Group justify="flex-end" mt="sm">
              <ResolveButton onClick={() => onResolve(ticket)} />
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
