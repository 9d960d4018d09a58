import type { ReactNode } from 'react';
import { ActionIcon, Badge, Box, Group, Text } from '@mantine/core';
import { isGroupJid, type Chat } from '@sapa/contracts';
import { IconArrowLeft, IconUser, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../../../../lib/socket';
import { ChannelIcon } from '../ChannelIcon';
import { ContactAvatar } from '../../../shared/ContactAvatar';
import { initials } from '../ChatRow';
import classes from './conversation.module.css';

interface ConversationHeaderProps {
  chat: Chat;
  onBack?: (() => void) | undefined;
  /** The chat's actions (assign, labels, flag, archive, block, resolve), owned by actions/. */
  actions: ReactNode;
}

/** Who the customer is, on which channel, who handles the chat, and what can be done with it. */
export function ConversationHeader({ chat, onBack, actions }: ConversationHeaderProps) {
  const { t } = useTranslation('conversation');
  const connection = useConnectionState();
  const channel = t(`inbox:channels.${chat.channel}`);
  return (
    <Group className={classes.header} gap="sm" wrap="nowrap" data-testid="conversation-header">
      {onBack && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          onClick={onBack}
          aria-label={t('header.back')}
          data-testid="conversation-back"
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
      )}
      <Box pos="relative" style={{ flexShrink: 0 }}>
        <ContactAvatar
          radius="xl"
          color="sapa"
          variant="light"
          size={40}
          alt={chat.name || chat.identifier}
          pictureUrl={chat.pictureUrl}
          initials={initials(chat.name || chat.identifier)}
        />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text fw={650} truncate="end" lh={1.3} data-testid="conversation-name">
          {chat.name || chat.identifier}
        </Text>
        <Group gap={6} wrap="nowrap">
          <ChannelIcon channel={chat.channel} label={channel} size={14} />
          <Text size="xs" c="dimmed" truncate="end" data-testid="conversation-identifier">
            {/* A linked number's WhatsApp group: its JID means nothing to a person. */}
            {isGroupJid(chat.identifier) ? t('header.group') : chat.identifier}
            <Text span size="xs" c="dimmed" visibleFrom="sm">
              {' '}
              · {channel}
            </Text>
          </Text>
        </Group>
      </Box>
      {connection === 'reconnecting' || connection === 'offline' ? (
        <Badge
          color="orange"
          variant="light"
          leftSection={<IconWifiOff size={12} />}
          data-testid="connection-badge"
        >
          {t(`inbox:connection.${connection}`)}
        </Badge>
      ) : (
        <Group gap={4} wrap="nowrap" className={classes.assignee} visibleFrom="md" maw={220}>
          <IconUser size={13} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
          <Text size="xs" c="dimmed" truncate="end" data-testid="conversation-assignee">
            {chat.agent ? chat.agent.name : t('header.unassigned')}
          </Text>
        </Group>
      )}
      {actions}
    </Group>
  );
}
