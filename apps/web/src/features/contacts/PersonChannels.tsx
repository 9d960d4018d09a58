import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Contact, MergedContact } from '@sapa/contracts';
import { IconArrowsJoin, IconArrowsSplit, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ChannelIcon } from '../inbox/components/ChannelIcon';
import { errorText } from '../shared/forms';
import { useUnmergeContact } from './api';
import { formatPhone } from './filters';
import { MergeContactModal } from './MergeContactModal';
import classes from './contacts.module.css';

/**
 * Every channel the customer writes on: this contact's chats, then those of each contact merged
 * with it as one person, each under its own name (a merge keeps each channel's identity).
 */
export function PersonChannels({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const [merging, setMerging] = useState(false);
  const partners = contact.mergedWith ?? [];
  return (
    <Stack gap="sm" data-testid="person-channels">
      <ChannelEntries channels={contact.channels} />
      {partners.map((partner) => (
        <Partner key={partner._id} partner={partner} />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconArrowsJoin size={16} />}
          onClick={() => setMerging(true)}
          data-testid="contact-merge"
        >
          {t('merge.action')}
        </Button>
      </Group>
      <MergeContactModal contact={contact} opened={merging} onClose={() => setMerging(false)} />
    </Stack>
  );
}

function Partner({ partner }: { partner: MergedContact }) {
  const { t } = useTranslation('contacts');
  const unmerge = useUnmergeContact();
  return (
    <Stack gap={6} className={classes.person} data-testid="merged-contact">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end">
              {partner.name}
            </Text>
            <Badge size="xs" variant="light" tt="none">
              {t('merge.badge')}
            </Badge>
          </Group>
          {partner.phone && (
            <Text size="xs" c="dimmed">
              {formatPhone(partner.phone)}
            </Text>
          )}
        </div>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconArrowsSplit size={14} />}
          loading={unmerge.isPending}
          onClick={() =>
            unmerge.mutate(partner._id, {
              onSuccess: () => notifySuccess(t('merge.unmerged', { name: partner.name })),
              onError: (error) => notifyError(errorText(error)),
            })
          }
          data-testid="contact-unmerge"
        >
          {t('merge.unmerge')}
        </Button>
      </Group>
      <ChannelEntries channels={partner.channels} />
    </Stack>
  );
}

function ChannelEntries({ channels }: { channels: Contact['channels'] }) {
  const { t } = useTranslation('contacts');
  if (channels.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noChannels')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {channels.map((entry) => (
        <Group key={entry.chatId} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChannelIcon
              channel={entry.channel}
              label={t(`inbox:channels.${entry.channel}`)}
              size={20}
            />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate="end">
                {entry.identifier}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`inbox:channels.${entry.channel}`)}
              </Text>
            </div>
          </Group>
          <Anchor
            component={Link}
            to={`/chat?id=${encodeURIComponent(entry.chatId)}`}
            size="sm"
            data-testid="contact-chat-link"
          >
            <Group gap={4} wrap="nowrap">
              <IconMessageCircle size={16} />
              {t('detail.openChat')}
            </Group>
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
