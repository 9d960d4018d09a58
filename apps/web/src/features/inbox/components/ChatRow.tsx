import { memo, type CSSProperties } from 'react';
import { Box, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { LIMITS, truncatePreview, type Chat, type Label } from '@sapa/contracts';
import { IconFlagFilled, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { unreadBadge } from '../cache';
import { formatDate, formatTime } from '../../../lib/format';
import { dayLabel } from '../dates';
import { ContactAvatar } from '../../shared/ContactAvatar';
import { ChannelIcon } from './ChannelIcon';
import classes from './chatRow.module.css';

export const FLAG_COLORS: Record<Chat['flag'], string> = {
  gray: 'var(--mantine-color-gray-5)',
  red: 'var(--mantine-color-red-6)',
  green: 'var(--mantine-color-green-6)',
};

/** Label chips shown on a row before "+N"; more would not fit a 340 px list. */
const VISIBLE_LABELS = 2;

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The row's time: the clock today, "Yesterday", then the date. */
export function rowTime(value: string, yesterday: string, now: number = Date.now()): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const day = dayLabel(time, now);
  if (day.kind === 'today') return formatTime(time);
  return day.kind === 'yesterday' ? yesterday : formatDate(time);
}

/** Spec §9: the last message cut at 22 characters plus an ellipsis; media show their kind. */
export function rowPreview(
  chat: Pick<Chat, 'lastMessage' | 'lastMessageType'>,
  typeLabel: (type: string) => string,
): string {
  if (chat.lastMessage) return truncatePreview(chat.lastMessage, LIMITS.lastMessagePreview);
  return chat.lastMessageType ? typeLabel(chat.lastMessageType) : '';
}

export function LabelChip({ label }: { label: Pick<Label, 'label' | 'color'> }) {
  return (
    <span
      className={classes.labelChip}
      style={{ '--label-color': label.color } as CSSProperties}
      data-testid="chat-row-label"
    >
      <span className={classes.labelDot} />
      <span className={classes.labelText}>{label.label}</span>
    </span>
  );
}

interface ChatRowProps {
  chat: Chat;
  selected: boolean;
  onSelect: (chatId: string) => void;
  /** Pointer down on the row: a click is coming, so its messages can start loading now. */
  onPrefetch?: (chatId: string) => void;
  /** The account's labels by id; a row only carries ids. */
  labels?: ReadonlyMap<string, Label>;
}

/** One chat in the list: who, where, the last words, when, flag, labels, assignee and unread. */
export const ChatRow = memo(function ChatRow({
  chat,
  selected,
  onSelect,
  onPrefetch,
  labels,
}: ChatRowProps) {
  const { t } = useTranslation('inbox');
  const unread = unreadBadge(chat);
  const preview = rowPreview(chat, (type) => t(`messageTypes.${type}`, { defaultValue: '' }));
  const chatLabels = chat.label.flatMap((id) => {
    const found = labels?.get(id);
    return found ? [found] : [];
  });
  const extraLabels = chatLabels.length - VISIBLE_LABELS;
  const name = chat.name || chat.identifier;

  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      data-unread={unread === 1 || undefined}
      data-testid="chat-row"
      data-chat-id={chat._id}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(chat._id)}
      onPointerDown={onPrefetch ? () => onPrefetch(chat._id) : undefined}
    >
      <Box pos="relative" className={classes.rowAvatar}>
        <ContactAvatar
          radius="xl"
          color="initials"
          name={name}
          alt={name}
          size={44}
          pictureUrl={chat.pictureUrl}
          initials={initials(name)}
        />
        <Box className={classes.channelBadge}>
          <ChannelIcon channel={chat.channel} label={t(`channels.${chat.channel}`)} size={13} />
        </Box>
      </Box>
      <Box className={classes.rowMain}>
        <div className={classes.rowLine}>
          <Text
            fw={unread ? 700 : 600}
            size="sm"
            truncate="end"
            className={classes.rowName}
            data-testid="chat-row-name"
          >
            {name}
          </Text>
          <Text
            size="xs"
            className={classes.rowTime}
            data-unread={unread === 1 || undefined}
            data-testid="chat-row-time"
          >
            {rowTime(chat.lastUpdate, t('days.yesterday'))}
          </Text>
        </div>
        <div className={classes.rowLine}>
          <Text
            size="sm"
            c={unread ? 'dark.7' : 'dimmed'}
            fw={unread ? 500 : 400}
            truncate="end"
            className={classes.rowPreview}
            data-testid="chat-row-preview"
          >
            {preview}
          </Text>
          <span className={classes.rowMarks}>
            <Tooltip label={t(`flags.${chat.flag}`)}>
              <span
                className={classes.flag}
                role="img"
                aria-label={t(`flags.${chat.flag}`)}
                data-testid="chat-row-flag"
                data-flag={chat.flag}
              >
                <IconFlagFilled size={14} color={FLAG_COLORS[chat.flag]} />
              </span>
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
          </span>
        </div>
        <div className={classes.rowLine}>
          <span className={classes.rowAssignee} data-testid="chat-row-assignee">
            <IconUser size={12} stroke={1.8} aria-hidden />
            <span data-unassigned={chat.agent ? undefined : true}>
              {chat.agent ? chat.agent.name : t('list.unassigned')}
            </span>
          </span>
          {chatLabels.length > 0 && (
            <span className={classes.rowLabels}>
              {chatLabels.slice(0, VISIBLE_LABELS).map((label) => (
                <LabelChip key={label._id} label={label} />
              ))}
              {extraLabels > 0 && (
                <Tooltip
                  label={chatLabels
                    .slice(VISIBLE_LABELS)
                    .map((l) => l.label)
                    .join(', ')}
                >
                  <span className={classes.labelMore}>+{extraLabels}</span>
                </Tooltip>
              )}
            </span>
          )}
        </div>
      </Box>
    </UnstyledButton>
  );
});
