import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconAddressBook, IconArrowBackUp, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentMedia, InlineMedia } from './MediaContent';
import classes from './inbox.module.css';

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim()
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;
}

export function mapLink(latitude: number, longitude: number): string {
  return `https://maps.google.com/?q=${latitude},${longitude}`;
}

function Body({ value }: { value: string }) {
  if (!value) return null;
  return (
    <Text size="sm" className={classes.body}>
      {value}
    </Text>
  );
}

function Location({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const location = record(message.payload.location);
  const lat = Number(location.latitude);
  const lng = Number(location.longitude);
  const name = text(location.name);
  const address = text(location.address);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return <Body value={message.text} />;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <IconMapPin
        size={22}
        stroke={1.5}
        color="var(--mantine-color-red-6)"
        style={{ flexShrink: 0 }}
      />
      <Box style={{ minWidth: 0 }}>
        {name && (
          <Text size="sm" fw={600}>
            {name}
          </Text>
        )}
        {address && (
          <Text size="xs" c="dimmed">
            {address}
          </Text>
        )}
        <Anchor
          href={mapLink(lat, lng)}
          target="_blank"
          rel="noreferrer"
          size="sm"
          data-testid="message-map-link"
        >
          {t('location.open')}
        </Anchor>
      </Box>
    </Group>
  );
}

function Contacts({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const cards = message.contacts.length ? message.contacts : [];
  if (!cards.length) return <Body value={message.text} />;
  return (
    <Stack gap={6}>
      {cards.map((card, index) => {
        const name = text(record(card.name).formatted_name) ?? t('contacts.unnamed');
        const phones = Array.isArray(card.phones) ? card.phones.map(record) : [];
        return (
          <Group
            key={index}
            gap="sm"
            wrap="nowrap"
            className={classes.contactCard}
            data-testid="message-contact"
          >
            <IconAddressBook size={22} stroke={1.4} style={{ flexShrink: 0 }} />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {name}
              </Text>
              {phones.map((phone, i) => (
                <Text key={i} size="xs" c="dimmed">
                  {text(phone.phone) ?? text(phone.wa_id)}
                </Text>
              ))}
            </Box>
          </Group>
        );
      })}
    </Stack>
  );
}

function ButtonReply({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const reply = record(message.payload.reply);
  const description = text(reply.description);
  return (
    <Stack gap={4}>
      <Group gap={4} c="dimmed">
        <IconArrowBackUp size={14} />
        <Text size="xs">{t('reply.selected')}</Text>
      </Group>
      <Text size="sm" fw={600} className={classes.replyChip}>
        {text(reply.title) ?? message.text}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** What frames a message: the message it replies to, forwarded, or sent from an ad. */
function Context({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const referral = record(message.payload.referral);
  const headline = text(referral.headline) ?? text(referral.source_url);
  const reply = message.replyTo;
  if (!message.payload.forwarded && !headline && !reply) return null;
  return (
    <Stack gap={2} mb={4}>
      {reply && (
        <Text size="xs" className={classes.quote} lineClamp={2} data-testid="message-reply-quote">
          <Text span fw={600} size="xs">
            {reply.fromMe ? t('context.replyToYou') : t('context.replyToCustomer')}
          </Text>{' '}
          {reply.text || t(`preview.${reply.msgType}`, { defaultValue: reply.msgType })}
        </Text>
      )}
      {message.payload.forwarded === true && (
        <Text size="xs" fs="italic" c="dimmed">
          {t('context.forwarded')}
        </Text>
      )}
      {headline && (
        <Text size="xs" className={classes.quote}>
          {t('context.referral', { headline })}
        </Text>
      )}
    </Stack>
  );
}

/** What a message says, by its type (spec §3 message types). */
export function MessageContent({ message }: { message: Message }) {
  let content;
  switch (message.msgType) {
    case 'image':
    case 'video':
    case 'audio':
      content = (
        <Stack gap={6}>
          <InlineMedia message={message} />
          {message.text !== message.attachmentName && <Body value={message.text} />}
        </Stack>
      );
      break;
    case 'document':
      content = (
        <Stack gap={6}>
          <DocumentMedia message={message} />
          {message.text !== message.attachmentName && <Body value={message.text} />}
        </Stack>
      );
      break;
    case 'location':
      content = <Location message={message} />;
      break;
    case 'contacts':
      content = <Contacts message={message} />;
      break;
    case 'button':
    case 'listButton':
      content = <ButtonReply message={message} />;
      break;
    default:
      content = <Body value={message.text} />;
  }
  return (
    <>
      <Context message={message} />
      {content}
    </>
  );
}
