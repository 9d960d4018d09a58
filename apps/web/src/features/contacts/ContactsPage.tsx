import { useMemo, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Contact } from '@sapa/contracts';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useMayOpen } from '../../app/useMayOpen';
import { formatNumber } from '../../lib/format';
import { errorMessage } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { labelsById, useLabels } from '../labels/api';
import { ConfirmDialog } from '../inbox/actions/ConfirmDialog';
import { PageHeader } from '../shared/PageHeader';
import { errorText } from '../shared/forms';
import { useContactGroups, useContacts, useDeleteContact, type FileFormat } from './api';
import { AttributesModal } from './AttributesModal';
import { ContactDetail } from './ContactDetail';
import { ContactFiltersBar } from './ContactFiltersBar';
import { ContactFormModal } from './ContactFormModal';
import { ContactCards, ContactTable } from './ContactList';
import { ContactsHeaderActions } from './ContactsHeaderActions';
import { exportContacts } from './download';
import { hasFilters } from './filters';
import { ImportWizard } from './ImportWizard';
import { useContactFilters } from './useContactFilters';

const PHONE_QUERY = '(max-width: 767px)';

/** The form's target: a new contact, one being edited, or closed. */
type Editing = { contact: Contact | null } | null;

/** /contact (issue 5): the account's customers, their channels, labels, groups and files. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { user } = useSession();
  const mayOpen = useMayOpen();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [filters, setFilters] = useContactFilters();
  const contacts = useContacts(filters);
  const labels = useLabels();
  const groups = useContactGroups();
  const remove = useDeleteContact();
  const labelMap = useMemo(() => labelsById(labels.data?.data), [labels.data]);
  const groupMap = useMemo(
    () => new Map((groups.data ?? []).map((g) => [g._id, g])),
    [groups.data],
  );

  const [selected, setSelected] = useState<Contact | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const [attributesOpen, setAttributesOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  // The server refuses the same to agents; hiding the buttons keeps them from a dead end.
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';
  const rows = contacts.data?.pages.flatMap((p) => p.data) ?? [];
  const total = contacts.data?.pages[0]?.total ?? 0;

  const download = async (format: FileFormat) => {
    setExporting(true);
    try {
      await exportContacts(filters, format);
    } catch (error) {
      notifyError(errorText(error, t('export.failed')));
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const outcome = await remove.mutateAsync(deleting._id);
      notifySuccess(outcome === 'archived' ? t('delete.archived') : t('delete.deleted'));
      if (selected?._id === deleting._id) setSelected(null);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setDeleting(null);
    }
  };

  const rowActions = {
    onOpen: setSelected,
    onEdit: (contact: Contact) => setEditing({ contact }),
    onDelete: canManage ? setDeleting : undefined,
  };

  let body;
  if (contacts.isPending) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (contacts.isError) {
    body = (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(contacts.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void contacts.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    const filtered = hasFilters(filters);
    body = (
      <Center py={64} data-testid="contacts-empty">
        <Stack align="center" gap="xs" maw={380} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconAddressBook size={32} stroke={1.4} />
          </ThemeIcon>
          <Text fw={650} mt="sm">
            {filtered ? t('empty.filteredTitle') : t('empty.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {filtered ? t('empty.filteredText') : t('empty.text')}
          </Text>
        </Stack>
      </Center>
    );
  } else {
    const List = phone ? ContactCards : ContactTable;
    body = (
      <>
        <List contacts={rows} labels={labelMap} groups={groupMap} {...rowActions} />
        <Stack align="center" gap={6} mt="md">
          <Text size="xs" c="dimmed" data-testid="contacts-shown">
            {t('shown', { count: rows.length, total: formatNumber(total) })}
          </Text>
          {contacts.hasNextPage && (
            <Button
              variant="default"
              loading={contacts.isFetchingNextPage}
              onClick={() => void contacts.fetchNextPage()}
              data-testid="contacts-more"
            >
              {t('loadMore')}
            </Button>
          )}
          {contacts.isFetchNextPageError && (
            <Text size="sm" c="red">
              {t('loadMoreFailed')}
            </Text>
          )}
        </Stack>
      </>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={
          <>
            {t('title')}
            {contacts.data && (
              <Text
                component="span"
                c="dimmed"
                fw={500}
                fz="lg"
                ml="sm"
                data-testid="contacts-total"
              >
                {t('total', { count: total, formatted: formatNumber(total) })}
              </Text>
            )}
          </>
        }
        subtitle={phone ? undefined : t('subtitle')}
        actions={
          <ContactsHeaderActions
            canManage={canManage}
            showGroups={mayOpen('/contact/group')}
            compact={phone}
            exporting={exporting}
            onAdd={() => setEditing({ contact: null })}
            onImport={() => setImporting(true)}
            onExport={(format) => void download(format)}
            onAttributes={() => setAttributesOpen(true)}
          />
        }
      />
      <ContactFiltersBar filters={filters} onChange={setFilters} compact={phone} />
      {body}
      <ContactDetail
        contact={selected}
        fullScreen={phone}
        labels={labelMap}
        groups={groupMap}
        onClose={() => setSelected(null)}
        onEdit={(contact) => setEditing({ contact })}
        onDelete={rowActions.onDelete}
      />
      <ContactFormModal
        opened={editing !== null}
        contact={editing?.contact ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          if (selected?._id === saved._id) setSelected(saved);
        }}
      />
      <ConfirmDialog
        request={
          deleting
            ? {
                title: t('delete.title', { name: deleting.name }),
                // A contact with chats keeps its history: the server archives it instead.
                message:
                  deleting.channels.length > 0 ? t('delete.withChats') : t('delete.withoutChats'),
                confirmLabel:
                  deleting.channels.length > 0 ? t('delete.confirmArchive') : t('delete.confirm'),
                color: 'red',
              }
            : null
        }
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {canManage && <ImportWizard opened={importing} onClose={() => setImporting(false)} />}
      {canManage && (
        <AttributesModal opened={attributesOpen} onClose={() => setAttributesOpen(false)} />
      )}
    </Stack>
  );
}
