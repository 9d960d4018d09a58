import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { ChannelIcon } from '../inbox/components/ChannelIcon';
import { errorText } from '../shared/forms';
import { contactKeys, fetchContacts, useMergeContact, type Contact } from './api';
import { ContactAvatar } from '../shared/ContactAvatar';
import { EMPTY_CONTACT_FILTERS, formatPhone, initials } from './filters';
import classes from './contacts.module.css';

interface MergeContactModalProps {
  contact: Contact;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Merge with…": find the same customer on another channel, then confirm. Two steps, because a
 * merge shows another contact's chats beside this one's and the agent should see who it is.
 */
export function MergeContactModal({ contact, opened, onClose }: MergeContactModalProps) {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Contact | null>(null);
  const merge = useMergeContact();
  const close = () => {
    setPicked(null);
    setSearch('');
    merge.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={picked ? t('merge.confirmTitle') : t('merge.title', { name: contact.name })}
      centered
      radius="lg"
      size="lg"
      data-testid="merge-modal"
    >
      {picked ? (
        <Stack gap="md">
          <Text size="sm">{t('merge.confirmText', { a: contact.name, b: picked.name })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ContactCard contact={contact} />
            <ContactCard contact={picked} />
          </SimpleGrid>
          {merge.isError && (
            <Alert color="red" variant="light" data-testid="merge-error">
              {errorText(merge.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPicked(null)} disabled={merge.isPending}>
              {t('merge.back')}
            </Button>
            <Button
              loading={merge.isPending}
              data-testid="merge-confirm"
              onClick={() =>
                merge.mutate(
                  { id: contact._id, otherContactId: picked._id },
                  {
                    onSuccess: () => {
                      notifySuccess(t('merge.done'));
                      close();
                    },
                  },
                )
              }
            >
              {t('merge.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Picker contact={contact} search={search} onSearch={setSearch} onPick={setPicked} />
      )}
    </Modal>
  );
}

function Picker({
  contact,
  search,
  onSearch,
  onPick,
}: {
  contact: Contact;
  search: string;
  onSearch: (value: string) => void;
  onPick: (contact: Contact) => void;
}) {
  const { t } = useTranslation('contacts');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters = { ...EMPTY_CONTACT_FILTERS, searchText: debounced };
  const results = useQuery({
    queryKey: [...contactKeys.list(filters), 'merge-picker'],
    queryFn: ({ signal }) => fetchContacts(filters, null, signal),
    enabled: debounced.length > 0,
  });
  const together = new Set([contact._id, ...(contact.mergedWith ?? []).map((m) => m._id)]);
  const found = (results.data?.data ?? []).filter((c) => !together.has(c._id));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('merge.help')}
      </Text>
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        placeholder={t('filters.search')}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        data-testid="merge-search"
        aria-label={t('filters.search')}
      />
      <ScrollArea.Autosize mah={320}>
        <Stack gap={4}>
          {debounced.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('merge.typeToSearch')}
            </Text>
          )}
          {debounced.length > 0 && results.isSuccess && found.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('filters.nothing')}
            </Text>
          )}
          {results.isError && (
            <Alert color="red" variant="light">
              {errorText(results.error)}
            </Alert>
          )}
          {found.map((c) => (
            <UnstyledButton
              key={c._id}
              className={classes.pickRow}
              onClick={() => onPick(c)}
              data-testid="merge-candidate"
            >
              <ContactLine contact={c} />
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function ContactLine({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const channels = [...new Set(contact.channels.map((c) => c.channel))];
  return (
    <Group gap="sm" wrap="nowrap">
      <ContactAvatar
        color="sapa"
        radius="xl"
        size={36}
        alt={contact.name}
        pictureUrl={contact.pictureUrl}
        initials={initials(contact.name || '?')}
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate="end">
          {contact.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {contact.phone ? formatPhone(contact.phone) : contact.channels[0]?.identifier || '—'}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        {channels.map((channel) => (
          <ChannelIcon
            key={channel}
            channel={channel}
            label={t(`inbox:channels.${channel}`)}
            size={18}
          />
        ))}
      </Group>
    </Group>
  );
}

function ContactCard({ contact }: { contact: Contact }) {
  return (
    <div className={classes.mergeCard} data-testid="merge-card">
      <ContactLine contact={contact} />
    </div>
  );
}
