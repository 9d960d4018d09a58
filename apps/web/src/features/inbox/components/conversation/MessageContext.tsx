import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import {
  IconArrowForwardUp,
  IconAt,
  IconCircleDashed,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { record, str } from '../../conversation/payload';
import { safeHref } from '../../../../lib/richText';
import { InlineMedia } from '../MediaContent';
import { useConversationUi } from './context';
import classes from './content.module.css';

/** The quoted message a reply answers; a click takes the reader to the original. */
export function ReplyQuote({ reply }: { reply: NonNullable<Message['replyTo']> }) {
  const { t } = useTranslation('conversation');
  const { customerName, onQuoteClick } = useConversationUi();
  const author = reply.fromMe ? t('quote.you') : customerName || t('quote.customer');
  const preview = reply.text || t(`types.${reply.msgType}`, { defaultValue: t('types.text') });
  return (
    <button
      type="button"
      className={classes.quote}
      data-from-me={String(reply.fromMe)}
      onClick={() => onQuoteClick(reply._id)}
      aria-label={t('quote.goTo', { author })}
      data-testid="message-reply-quote"
    >
      <span className={classes.quoteAuthor}>{author}</span>
      <span className={classes.quoteText}>{preview}</span>
    </button>
  );
}

/** A click-to-WhatsApp ad the customer came from (reference §2.2 `referral`). */
function Referral({ referral }: { referral: Record<string, unknown> }) {
  const { t } = useTranslation('conversation');
  const headline = str(referral.headline);
  const body = str(referral.body);
  const source = str(referral.source_url);
  const href = source ? safeHref(source) : null;
  return (
    <div className={classes.referral} data-testid="message-referral">
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconSpeakerphone size={14} />
        <Text size="xs" fw={600}>
          {t('context.fromAd')}
        </Text>
      </Group>
      {headline && (
        <Text size="sm" fw={600} mt={2}>
          {headline}
        </Text>
      )}
      {body && (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {body}
        </Text>
      )}
      {href && (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="xs">
          {t('context.viewAd')}
        </Anchor>
      )}
    </div>
  );
}

type ContextMessage = Pick<
  Message,
  'payload' | 'replyTo' | 'msgType' | 'mediaUrl' | 'attachmentName' | 'status' | 'text' | 'mimeType'
>;

/**
 * Instagram: the customer answered one of the business's stories, or mentioned the business in
 * theirs. A reply is text with the story kept beside it (the server stores the picture, since
 * Meta's link lasts a day); a mention is the story itself, shown as the message's picture.
 */
function StoryHeader({ message }: { message: ContextMessage }) {
  const { t } = useTranslation('conversation');
  const story = record(message.payload.story);
  const mention = story.type === 'mention';
  const Icon = mention ? IconAt : IconCircleDashed;
  return (
    <div className={classes.story} data-testid="message-story">
      <Group gap={4} wrap="nowrap" c="dimmed">
        <Icon size={14} />
        <Text size="xs" fw={600}>
          {mention ? t('context.storyMention') : t('context.storyReply')}
        </Text>
      </Group>
      {!mention && message.msgType === 'text' && message.mediaUrl && (
        <div className={classes.storyThumb}>
          <InlineMedia message={{ ...message, msgType: 'image', text: '' }} />
        </div>
      )}
    </div>
  );
}

/** What frames a message: the message it replies to, a story, forwarded, or sent from an ad. */
export function MessageContext({ message }: { message: ContextMessage }) {
  const { t } = useTranslation('conversation');
  const referral = message.payload.referral ? record(message.payload.referral) : null;
  const forwarded = message.payload.forwarded === true;
  const story = message.payload.story !== undefined;
  if (!message.replyTo && !referral && !forwarded && !story) return null;
  return (
    <Stack gap={2}>
      {story && <StoryHeader message={message} />}
      {forwarded && (
        <Group gap={4} c="dimmed" wrap="nowrap" data-testid="message-forwarded">
          <IconArrowForwardUp size={14} />
          <Text size="xs" fs="italic">
            {t('context.forwarded')}
          </Text>
        </Group>
      )}
      {referral && <Referral referral={referral} />}
      {message.replyTo && <ReplyQuote reply={message.replyTo} />}
    </Stack>
  );
}
