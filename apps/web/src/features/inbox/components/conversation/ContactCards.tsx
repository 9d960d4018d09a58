import { ActionIcon, Avatar, Box, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactCard } from '../../conversation/payload';
import { RichText } from './RichText';
import classes from './content.module.css';

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('conversation');
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('contacts.copied') : label}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            onClick={copy}
            aria-label={label}
            data-testid="contact-copy"
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** Contact cards the customer shared: name, company, each phone and email with a copy button. */
export function ContactCards({ message }: { message: Pick<Message, 'contacts' | 'text'> }) {
  const { t } = useTranslation('conversation');
  if (!message.contacts.length) return <RichText text={message.text} />;
  return (
    <Stack gap={6}>
      {message.contacts.map((raw, index) => {
        const card = contactCard(raw);
        const name = card.name ?? t('contacts.unnamed');
        return (
          <Box key={index} className={classes.card} data-testid="message-contact">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar radius="xl" size={36} color="blue" variant="light">
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} data-testid="message-contact-name">
                  {name}
                </Text>
                {card.organization && (
                  <Text size="xs" c="dimmed">
                    {card.organization}
                  </Text>
                )}
                {card.phones.map((phone, i) => (
                  <Group key={`p${i}`} gap={4} wrap="nowrap">
                    <Text
                      size="sm"
                      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                      title={phone.type ?? undefined}
                      data-testid="message-contact-phone"
                    >
                      {phone.number}
                    </Text>
                    <CopyValue
                      value={phone.number}
                      label={t('contacts.copyPhone', { value: phone.number })}
                    />
                  </Group>
                ))}
                {card.emails.map((email) => (
                  <Group key={email} gap={4} wrap="nowrap">
                    <Text size="sm" truncate="end">
                      {email}
                    </Text>
                    <CopyValue value={email} label={t('contacts.copyEmail', { value: email })} />
                  </Group>
                ))}
              </Box>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}
