import { Group, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { formatTime } from '../../../lib/format';
import { MessageContent } from './MessageContent';
import { StatusTicks } from './StatusTicks';
import classes from './inbox.module.css';

export function isSystemLine(message: Pick<Message, 'msgType' | 'isSystem'>): boolean {
  return message.msgType === 'information' || message.isSystem;
}

/** One message: a centred line for information and system notes, a bubble otherwise. */
export function MessageBubble({ message }: { message: Message }) {
  if (isSystemLine(message)) {
    return (
      <div className={classes.systemLine} data-testid="message-system">
        <Text size="xs" c="dimmed" ta="center">
          {message.text}
          <Text span size="xs" c="dimmed" ml={6}>
            {formatTime(message.timestamp)}
          </Text>
        </Text>
      </div>
    );
  }

  return (
    <div className={classes.bubbleRow} data-from-me={message.fromMe || undefined}>
      <div
        className={classes.bubble}
        data-testid="message-bubble"
        data-status={message.status}
        data-from-me={String(message.fromMe)}
        data-message-id={message._id}
      >
        {message.fromMe && message.username && (
          <Text size="xs" fw={600} c="sapa.8" mb={2}>
            {message.username}
          </Text>
        )}
        <MessageContent message={message} />
        <Group gap={4} justify="flex-end" mt={2} wrap="nowrap">
          <Text size="10px" c="dimmed" lh={1}>
            {formatTime(message.timestamp)}
          </Text>
          {message.fromMe && <StatusTicks message={message} />}
        </Group>
      </div>
    </div>
  );
}
