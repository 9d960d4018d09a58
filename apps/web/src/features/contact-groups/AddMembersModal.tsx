import { useState } from 'react';
import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ContactGroup } from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatPhone } from '../contacts/filters';
import { errorText } from '../shared/forms';
import { useChangeMembers, useContactSearch } from './api';
import classes from './groups.module.css';

interface AddMembersModalProps {
  group: ContactGroup | null;
  onClose: () => void;
}

/** Search the account's contacts and add one or several to the group in one request. */
export function AddMembersModal({ group, onClose }: AddMembersModalProps) {
  const { t } = useTranslation('contactGroups');
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={
        <Text fw={650} size="lg" component="span">
          {t('picker.title', { name: group?.name ?? '' })}
        </Text>
      }
      radius="lg"
      size="lg"
      centered
    >
      {group && <Picker key={group._id} group={group} onClose={onClose} />}
    </Modal>
  );
}

function Picker({ group, onClose }: { group: ContactGroup; onClose: () => void }) {
  const { t } = useTranslation('contactGroups');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const contacts = useContactSearch(debounced, true);
  const change = useChangeMembers();
  const rows = contacts.data?.pages.flatMap((p) => p.data) ?? [];

  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const add = async () => {
    try {
      const result = await change.mutateAsync({
        groupId: group._id,
        contactIds: [...chosen],
        op: 'add',
      });
      notifySuccess(t('picker.added', { count: result.changed }));
      onClose();
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  let list;
  if (contacts.isPending) {
    list = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (contacts.isError) {
    list = (
      <Text size="sm" c="red" py="md" ta="center">
        {errorText(contacts.error)}
      </Text>
    );
  } else if (rows.length === 0) {
    list = (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        {debounced ? t('picker.empty') : t('picker.noContacts')}
      </Text>
    );
  } else {
    list = (
      <Stack gap={2}>
        {rows.map((contact) => {
          const member = contact.groupIds.includes(group._id);
          return (
            <Checkbox.Card
              key={contact._id}
              className={classes.pickRow}
              withBorder={false}
              checked={member || chosen.has(contact._id)}
              disabled={member}
              onChange={() => !member && toggle(contact._id)}
              data-testid={`picker-row-${contact.name}`}
            >
              <Group wrap="nowrap" gap="sm">
                <Checkbox.Indicator disabled={member} />
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text size="sm" fw={550} truncate>
                    {contact.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {[contact.phone ? formatPhone(contact.phone) : null, contact.email]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                {member && (
                  <Badge variant="light" color="gray" size="sm" tt="none">
                    {t('picker.alreadyMember')}
                  </Badge>
                )}
              </Group>
            </Checkbox.Card>
          );
        })}
        {contacts.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            loading={contacts.isFetchingNextPage}
            onClick={() => void contacts.fetchNextPage()}
          >
            {t('picker.loadMore')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
        data-testid="picker-search"
      />
      <ScrollArea.Autosize mah="min(420px, 50vh)" type="auto" offsetScrollbars>
        {list}
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={change.isPending}>
          {t('picker.cancel')}
        </Button>
        <Button
          onClick={() => void add()}
          disabled={chosen.size === 0}
          loading={change.isPending}
          data-testid="picker-add"
        >
          {chosen.size === 0 ? t('picker.addNone') : t('picker.add', { count: chosen.size })}
        </Button>
      </Group>
    </Stack>
  );
}
