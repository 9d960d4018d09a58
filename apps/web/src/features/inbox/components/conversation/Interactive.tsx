import { Box, Group, Stack, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconArrowBackUp, IconExternalLink, IconList, IconPointer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chosenReply, offeredInteractive } from '../../conversation/interactive';
import { RichText } from './RichText';
import classes from './content.module.css';

type InteractiveMessage = Pick<Message, 'msgType' | 'payload' | 'text' | 'fromMe'>;

/** The customer's tap on a button or a list row: what they chose, and from what. */
function Choice({ message }: { message: InteractiveMessage }) {
  const { t } = useTranslation('conversation');
  const reply = chosenReply(message.payload);
  const Icon = message.msgType === 'listButton' ? IconList : IconPointer;
  return (
    <Stack gap={4} data-testid="message-choice">
      <Group gap={4} c="dimmed" wrap="nowrap">
        <Icon size={13} />
        <Text size="xs">
          {message.msgType === 'listButton'
            ? t('interactive.listChoice')
            : t('interactive.buttonChoice')}
        </Text>
      </Group>
      <Box className={classes.choice}>
        <Text size="sm" fw={600}>
          {reply?.title ?? message.text}
        </Text>
        {reply?.description && (
          <Text size="xs" c="dimmed">
            {reply.description}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/** What the business offered: the text with its buttons, link buttons or list, like the phone shows. */
function Offer({ message }: { message: InteractiveMessage }) {
  const { t } = useTranslation('conversation');
  const offer = offeredInteractive(message);
  return (
    <Box data-testid="message-offer">
      {offer.header && (
        <Text size="sm" fw={700} mb={2}>
          {offer.header}
        </Text>
      )}
      <RichText text={message.text} />
      {offer.footer && (
        <Text size="xs" c="dimmed" mt={2}>
          {offer.footer}
        </Text>
      )}
      {(offer.buttons.length > 0 || offer.list) && (
        <div className={classes.buttonList}>
          {offer.buttons.map((b, i) =>
            b.url ? (
              <a
                key={i}
                href={b.url}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.buttonItem}
                data-testid="message-offer-button"
              >
                <IconExternalLink size={15} />
                {b.label}
              </a>
            ) : (
              <span key={i} className={classes.buttonItem} data-testid="message-offer-button">
                <IconArrowBackUp size={15} />
                {b.label}
              </span>
            ),
          )}
          {offer.list && (
            <span
              className={classes.buttonItem}
              title={offer.list.rows.map((r) => r.title).join(', ')}
            >
              <IconList size={15} />
              {offer.list.label ?? t('interactive.list')}
              {offer.list.rows.length > 0 && (
                <Text span size="xs" c="dimmed">
                  {t('interactive.options', { count: offer.list.rows.length })}
                </Text>
              )}
            </span>
          )}
        </div>
      )}
    </Box>
  );
}

/** button, listButton and urlButton messages. */
export function Interactive({ message }: { message: InteractiveMessage }) {
  if (!message.fromMe && chosenReply(message.payload)) return <Choice message={message} />;
  return <Offer message={message} />;
}
