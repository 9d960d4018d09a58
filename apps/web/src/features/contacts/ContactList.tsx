import type { Contact, ContactGroup, Label } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { RecordCards, RecordTable, type RecordColumn } from '../shared/RecordList';
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

const rowData = (contact: Contact) => ({ 'data-contact-id': contact._id });

/** Laptop: one row per contact; a click opens its details. */
export function ContactTable({ contacts, labels, groups, ...actions }: ListProps) {
  const { t } = useTranslation('contacts');
  const columns: RecordColumn<Contact>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (contact) => <NameCell contact={contact} />,
      td: { maw: 280 },
    },
    {
      key: 'phone',
      header: t('columns.phone'),
      cell: (contact) => <PhoneText phone={contact.phone} />,
    },
    {
      key: 'channels',
      header: t('columns.channels'),
      cell: (contact) => <ChannelIcons contact={contact} />,
    },
    {
      key: 'labels',
      header: t('columns.labels'),
      cell: (contact) => <LabelChips ids={contact.labels} labels={labels} />,
      td: { maw: 240 },
    },
    {
      key: 'groups',
      header: t('columns.groups'),
      cell: (contact) => <GroupNames ids={contact.groupIds} groups={groups} />,
    },
    {
      key: 'lastChat',
      header: t('columns.lastChat'),
      cell: (contact) => <LastChat at={contact.lastChatAt} />,
    },
    {
      key: 'actions',
      header: '',
      ariaLabel: t('columns.actions'),
      cell: (contact) => <RowMenu contact={contact} {...actions} />,
      td: { ta: 'right', w: 56 },
    },
  ];
  return (
    <RecordTable
      rows={contacts}
      rowKey={(contact) => contact._id}
      onOpen={actions.onOpen}
      testId="contact-table"
      rowTestId="contact-row"
      rowData={rowData}
      columns={columns}
      minWidth={980}
    />
  );
}

/** Phone: one card per contact with the same facts, stacked. */
export function ContactCards({ contacts, labels, groups, ...actions }: ListProps) {
  const { t } = useTranslation('contacts');
  return (
    <RecordCards
      rows={contacts}
      rowKey={(contact) => contact._id}
      onOpen={actions.onOpen}
      testId="contact-cards"
      rowTestId="contact-row"
      rowData={rowData}
      title={(contact) => <NameCell contact={contact} />}
      corner={(contact) => <RowMenu contact={contact} {...actions} />}
      facts={(contact) => [
        { label: t('columns.phone'), value: <PhoneText phone={contact.phone} /> },
        { label: t('columns.channels'), value: <ChannelIcons contact={contact} /> },
        { label: t('columns.lastChat'), value: <LastChat at={contact.lastChatAt} /> },
        contact.groupIds.length > 0 && {
          label: t('columns.groups'),
          value: <GroupNames ids={contact.groupIds} groups={groups} />,
        },
      ]}
      footer={(contact) =>
        contact.labels.length > 0 && (
          <div className={classes.chips}>
            <LabelChips ids={contact.labels} labels={labels} max={4} />
          </div>
        )
      }
    />
  );
}
