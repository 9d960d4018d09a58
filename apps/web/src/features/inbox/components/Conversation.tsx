import { useEffect, useState } from 'react';
import { ActionIcon, Avatar, Badge, Box, Group, Text } from '@mantine/core';
import type { Chat } from '@sapa/contracts';
import { IconArrowLeft, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../../../lib/socket';
import { useChatWindow } from '../api';
import { isWindowOpen } from '../cache';
import { useSendMessage } from '../useSendMessage';
import { initials } from './ChatRow';
import { ChannelIcon } from './ChannelIcon';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import classes from './inbox.module.css';

/** Re-renders when the window's end passes, so the input locks without a reload. */
function useNow(until: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const wait = Date.parse(until) - Date.now();
    // setTimeout cannot wait longer than ~24.8 days; the window is 24 hours.
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}

/** Right pane: who the customer is, the live messages and the composer. */
export function Conversation({ chat, onBack }: { chat: Chat; onBack?: () => void }) {
  const { t } = useTranslation('inbox');
  const connection = useConnectionState();
  // Spec §2: the input is disabled after the 24-hour window on WhatsApp channels only.
  const windowQuery = useChatWindow(chat._id, chat.channel === 'whatsapp');
  const now = useNow(windowQuery.data?.windowEndsAt);
  const windowClosed = chat.channel === 'whatsapp' && !isWindowOpen(windowQuery.data, now);
  const send = useSendMessage(chat);

  return (
    <div className={classes.conversation} data-testid="conversation" data-chat-id={chat._id}>
      <Group className={classes.conversationHeader} gap="sm" wrap="nowrap">
        {onBack && (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onBack}
            aria-label={t('actions.back')}
            data-testid="conversation-back"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <Avatar radius="xl" color="sapa" variant="light">
          {initials(chat.name || chat.identifier)}
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650} truncate="end" data-testid="conversation-name">
            {chat.name || chat.identifier}
          </Text>
          <Group gap={6} wrap="nowrap">
            <ChannelIcon channel={chat.channel} label={t(`channels.${chat.channel}`)} size={14} />
            <Text size="xs" c="dimmed" truncate="end">
              {chat.identifier} · {t(`channels.${chat.channel}`)}
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
            {t(`connection.${connection}`)}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" visibleFrom="sm" truncate="end" maw={180}>
            {chat.agent
              ? t('conversation.assignedTo', { name: chat.agent.name })
              : t('list.unassigned')}
          </Text>
        )}
      </Group>
      <MessageList chatId={chat._id} />
      <Composer key={chat._id} windowClosed={windowClosed} onSend={(input) => void send(input)} />
    </div>
  );
}
