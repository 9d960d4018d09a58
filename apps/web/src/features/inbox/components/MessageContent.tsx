import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { ContactCards } from './conversation/ContactCards';
import { Interactive } from './conversation/Interactive';
import { LocationCard } from './conversation/LocationCard';
import { MessageContext } from './conversation/MessageContext';
import { RichText } from './conversation/RichText';
import { DocumentMedia, InlineMedia } from './MediaContent';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TemplateMessage } from '../templates/TemplateMessage';

function UnsentNote() {
  const { t } = useTranslation('conversation');
  return (
    <Group gap={4} c="dimmed" wrap="nowrap" data-testid="message-unsent">
      <IconArrowBackUp size={14} />
      <Text size="sm" fs="italic">
        {t('context.unsent')}
      </Text>
    </Group>
  );
}

/** A caption is worth showing unless it only repeats the file name. */
function caption(message: Pick<Message, 'text' | 'attachmentName'>): string {
  return message.text && message.text !== message.attachmentName ? message.text : '';
}

/**
 * Whether the bubble ends with a line of text, so the time can sit at the end of that line
 * (otherwise it gets a line of its own under a photo, a card or a player).
 */
export function endsWithText(
  message: Pick<Message, 'msgType' | 'text' | 'attachmentName' | 'payload' | 'contacts' | 'fromMe'>,
): boolean {
  if (message.payload.unsent) return true;
  switch (message.msgType) {
    case 'text':
      return true;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
      return caption(message) !== '';
    case 'location':
      return message.payload.location === undefined;
    case 'contacts':
      return message.contacts.length === 0;
    default:
      return false;
  }
}

/** What a message says, by its type (spec §3 message types). */
export function MessageContent({ message }: { message: Message }) {
  // Instagram: the customer took it back; the row stays so the thread shows where it was.
  if (message.payload.unsent) return <UnsentNote />;
  let content: ReactNode;
  switch (message.msgType) {
    case 'image':
    case 'video':
    case 'audio':
      content = (
        <Stack gap={6}>
          <InlineMedia message={message} />
          <RichText text={caption(message)} />
        </Stack>
      );
      break;
    case 'document':
      content = (
        <Stack gap={6}>
          <DocumentMedia message={message} />
          <RichText text={caption(message)} />
        </Stack>
      );
      break;
    case 'location':
      content = <LocationCard message={message} />;
      break;
    case 'contacts':
      content = <ContactCards message={message} />;
      break;
    case 'button':
    case 'listButton':
    case 'urlButton':
      content = <Interactive message={message} />;
      break;
    default:
      content = message.payload.template ? (
        <TemplateMessage message={message} />
      ) : (
        <RichText text={message.text} />
      );
  }
  return (
    <>
      <MessageContext message={message} />
      {content}
    </>
  );
}
