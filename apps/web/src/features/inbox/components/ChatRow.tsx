import { Avatar, Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { truncatePreview, type Chat } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { unreadBadge } from '../cache';
import { listTime } from '../dates';
import { ChannelIcon } from './ChannelIcon';
import classes from './inbox.module.css';

const FLAG_COLORS: Record<Chat['flag'], string> = {
  gray: 'var(--mantine-color-gray-5)',
  red: 'var(--mantine-color-red-6)',
  green: 'var(--mantine-color-green-6)',
};

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** One chat in the list: who, where, the last words (22 characters, spec §9), flag and unread. */
export function ChatRow({
  chat,
  selected,
  onSelect,
}: {
  chat: Chat;
  selected: boolean;
  onSelect: (chatId: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const unread = unreadBadge(chat);
  const preview = chat.lastMessage
    ? truncatePreview(chat.lastMessage)
    : chat.lastMessageType
      ? t(`messageTypes.${chat.lastMessageType}`, { defaultValue: '' })
      : '';

  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      data-unread={unread === 1 || undefined}
      data-testid="chat-row"
      data-chat-id={chat._id}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(chat._id)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box pos="relative" style={{ flexShrink: 0 }}>
          <Avatar radius="xl" color="sapa" variant="light" size={42}>
            {initials(chat.name || chat.identifier)}
          </Avatar>
          <Box className={classes.channelBadge}>
            <ChannelIcon channel={chat.channel} label={t(`channels.${chat.channel}`)} size={14} />
          </Box>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text fw={unread ? 700 : 600} size="sm" truncate="end" data-testid="chat-row-name">
              {chat.name || chat.identifier}
            </Text>
            <Text
              size="xs"
              c={unread ? 'sapa.8' : 'dimmed'}
              fw={unread ? 600 : 400}
              style={{ flexShrink: 0 }}
            >
              {listTime(chat.lastUpdate)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between" mt={2}>
            <Text
              size="sm"
              c={unread ? 'dark.6' : 'dimmed'}
              truncate="end"
              data-testid="chat-row-preview"
            >
              {preview}
            </Text>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Tooltip label={t(`flags.${chat.flag}`)}>
                <span
                  className={classes.flagDot}
                  style={{ background: FLAG_COLORS[chat.flag] }}
                  role="img"
                  aria-label={t(`flags.${chat.flag}`)}
                  data-testid="chat-row-flag"
                  data-flag={chat.flag}
                />
              </Tooltip>
              {unread === 1 && (
                <span
                  className={classes.unread}
                  data-testid="chat-row-unread"
                  aria-label={t('list.unread')}
                >
                  1
                </span>
              )}
            </Group>
          </Group>
          <Text size="xs" c="dimmed" mt={2} truncate="end" data-testid="chat-row-assignee">
            {chat.agent ? chat.agent.name : t('list.unassigned')}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
