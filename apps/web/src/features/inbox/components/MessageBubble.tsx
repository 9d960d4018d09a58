import { memo, useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { csatPayloadOf, groupSenderOf, type GroupSender, type Message } from '@sapa/contracts';
import { IconArrowBackUp, IconChevronDown, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime, zoneLabel } from '../../../lib/datetime';
import { CsatLine, isCsatCard } from '../../csat/CsatLine';
import { isLocalMessage } from '../attachments';
import { informationText } from '../conversation/information';
import { useConversationUi } from './conversation/context';
import classes from './conversation/conversation.module.css';
import { endsWithText, MessageContent } from './MessageContent';
import { StatusTicks } from './StatusTicks';

export function isSystemLine(message: Pick<Message, 'msgType' | 'isSystem'>): boolean {
  return message.msgType === 'information' || message.isSystem;
}

/** A centred note: information messages (reactions, system changes, unsupported types). */
function SystemLine({ message }: { message: Message }) {
  const { t } = useTranslation('conversation');
  return (
    <div className={classes.systemLine} data-testid="message-system" data-message-id={message._id}>
      <div>
        {informationText(message, t)}
        <span style={{ marginLeft: 8, opacity: 0.7, fontSize: 11 }}>
          {formatTime(message.timestamp)}
        </span>
      </div>
    </div>
  );
}

function BubbleMenu({ message }: { message: Message }) {
  const { t } = useTranslation('conversation');
  const { onReply } = useConversationUi();
  const [open, setOpen] = useState(false);
  // Only stored messages can be quoted (replyTo is a server id).
  const canReply = onReply !== null && !isLocalMessage(message);
  const canCopy = message.text.trim() !== '' && typeof navigator !== 'undefined';
  if (!canReply && !canCopy) return null;
  return (
    <div className={classes.actions} data-open={open || undefined}>
      <Menu opened={open} onChange={setOpen} position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            size="sm"
            radius="xl"
            variant="white"
            color="gray"
            aria-label={t('bubble.actions')}
            data-testid="message-actions"
          >
            <IconChevronDown size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canReply && (
            <Menu.Item
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => onReply(message)}
              data-testid="message-reply"
            >
              {t('bubble.reply')}
            </Menu.Item>
          )}
          {canCopy && (
            <Menu.Item
              leftSection={<IconCopy size={14} />}
              onClick={() => void navigator.clipboard?.writeText(message.text)}
            >
              {t('bubble.copy')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

/** WhatsApp-like: each participant of a group keeps one colour. */
const SENDER_COLORS = ['teal', 'grape', 'orange', 'blue', 'pink', 'indigo', 'lime', 'red'];
function senderColor(identifier: string): string {
  let hash = 0;
  for (const ch of identifier) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `var(--mantine-color-${SENDER_COLORS[hash % SENDER_COLORS.length]}-8)`;
}

/** Who wrote an inbound message in a group chat (a linked number's group, issue 20). */
function GroupSenderLine({ sender }: { sender: GroupSender }) {
  const phone = sender.phone ? `+${sender.phone}` : null;
  return (
    <span
      className={classes.sender}
      style={{ color: senderColor(sender.identifier) }}
      data-testid="message-group-sender"
    >
      {sender.name || phone || sender.identifier}
      {sender.name && phone && <span className={classes.senderPhone}>{phone}</span>}
    </span>
  );
}

interface BubbleProps {
  message: Message;
  /** First of a run from the same side: gets the tail and a little more space. */
  first?: boolean;
  reaction?: string | undefined;
  highlighted?: boolean;
}

/** One message: a centred line for information and system notes, a bubble otherwise. */
export const MessageBubble = memo(function MessageBubble({
  message,
  first = true,
  reaction,
  highlighted = false,
}: BubbleProps) {
  const { t } = useTranslation('conversation');
  const csat = csatPayloadOf(message.payload);
  if (isCsatCard(csat)) return <CsatLine message={message} csat={csat} />;
  if (isSystemLine(message)) return <SystemLine message={message} />;
  const inlineMeta = endsWithText(message);
  const sticker = message.payload.sticker === true;
  const groupSender = message.fromMe ? null : groupSenderOf(message.payload);
  return (
    <div
      className={classes.row}
      data-from-me={message.fromMe || undefined}
      data-first={first || undefined}
      data-reacted={reaction ? true : undefined}
    >
      <div
        className={classes.bubble}
        data-testid="message-bubble"
        data-status={message.status}
        data-from-me={String(message.fromMe)}
        data-message-id={message._id}
        data-type={message.msgType}
        data-highlighted={highlighted || undefined}
        data-inline-meta={inlineMeta || undefined}
        data-sticker={sticker || undefined}
        style={{ ['--meta-width' as string]: message.fromMe ? '64px' : '44px' }}
      >
        <BubbleMenu message={message} />
        {message.fromMe && first && message.username && (
          <span className={classes.sender}>{message.username}</span>
        )}
        {groupSender && <GroupSenderLine sender={groupSender} />}
        {message.payload.caughtUp === true && (
          // A linked number's message that WhatsApp handed over after a reconnect (issue 20).
          <span className={classes.caughtUp} data-testid="message-caught-up">
            {t('bubble.caughtUp')}
          </span>
        )}
        <MessageContent message={message} />
        <span
          className={classes.meta}
          title={`${formatDateTime(message.timestamp)} · ${zoneLabel(undefined, message.timestamp)}`}
        >
          {formatTime(message.timestamp)}
          {message.fromMe && <StatusTicks message={message} />}
        </span>
        {reaction && (
          <span
            className={classes.reaction}
            role="img"
            aria-label={t('bubble.reaction', { emoji: reaction })}
            data-testid="message-reaction"
          >
            {reaction}
          </span>
        )}
      </div>
    </div>
  );
});
