import { Card, Group, Stack, Table } from '@mantine/core';
import type { Contact, ContactGroup, Label } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import {
  ChannelIcons,
  GroupNames,
  LabelChips,
  LastChat,
  NameCell,
  PhoneText,
  RowMenu,
  type RowActions,
} from './ContactParts';
import classes from './contacts.module.css';

interface ListProps extends RowActions {
  contacts: Contact[];
  labels: Map<string, Label>;
  groups: Map<string, ContactGroup>;
}

/** Laptop: one row per contact; a click opens its details. */
export function ContactTable({ contacts, labels, groups, ...actions }: ListProps) {
  const { t } = useTranslation('contacts');
  return (
    <Card p={0} withBorder radius="md">
      <Table.ScrollContainer minWidth={980}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          data-testid="contact-table"
        >
          <Table.Thead className={classes.head}>
            <Table.Tr>
              <Table.Th>{t('columns.name')}</Table.Th>
              <Table.Th>{t('columns.phone')}</Table.Th>
              <Table.Th>{t('columns.channels')}</Table.Th>
              <Table.Th>{t('columns.labels')}</Table.Th>
              <Table.Th>{t('columns.groups')}</Table.Th>
              <Table.Th>{t('columns.lastChat')}</Table.Th>
              <Table.Th aria-label={t('columns.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((contact) => (
              <Table.Tr
                key={contact._id}
                className={classes.row}
                onClick={() => actions.onOpen(contact)}
                data-testid="contact-row"
                data-contact-id={contact._id}
              >
                <Table.Td maw={280}>
                  <NameCell contact={contact} />
                </Table.Td>
                <Table.Td>
                  <PhoneText phone={contact.phone} />
                </Table.Td>
                <Table.Td>
                  <ChannelIcons contact={contact} />
                </Table.Td>
                <Table.Td maw={240}>
                  <LabelChips ids={contact.labels} labels={labels} />
                </Table.Td>
                <Table.Td>
                  <GroupNames ids={contact.groupIds} groups={groups} />
                </Table.Td>
                <Table.Td>
                  <LastChat at={contact.lastChatAt} />
                </Table.Td>
                <Table.Td ta="right" w={56}>
                  <RowMenu contact={contact} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Phone: one card per contact with the same facts, stacked. */
export function ContactCards({ contacts, labels, groups, ...actions }: ListProps) {
  const { t } = useTranslation('contacts');
  return (
    <Stack gap="sm" data-testid="contact-cards">
      {contacts.map((contact) => (
        <Card
          key={contact._id}
          withBorder
          radius="md"
          p="md"
          className={classes.card}
          onClick={() => actions.onOpen(contact)}
          data-testid="contact-row"
          data-contact-id={contact._id}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
            <div style={{ minWidth: 0, flex: 1 }}>
              <NameCell contact={contact} />
            </div>
            <RowMenu contact={contact} {...actions} />
          </Group>
          <dl className={classes.facts}>
            <dt>{t('columns.phone')}</dt>
            <dd>
              <PhoneText phone={contact.phone} />
            </dd>
            <dt>{t('columns.channels')}</dt>
            <dd className={classes.end}>
              <ChannelIcons contact={contact} />
            </dd>
            <dt>{t('columns.lastChat')}</dt>
            <dd>
              <LastChat at={contact.lastChatAt} />
            </dd>
            {contact.groupIds.length > 0 && (
              <>
                <dt>{t('columns.groups')}</dt>
                <dd>
                  <GroupNames ids={contact.groupIds} groups={groups} />
                </dd>
              </>
            )}
          </dl>
          {contact.labels.length > 0 && (
            <div className={classes.chips}>
              <LabelChips ids={contact.labels} labels={labels} max={4} />
            </div>
          )}
        </Card>
      ))}
    </Stack>
  );
}
