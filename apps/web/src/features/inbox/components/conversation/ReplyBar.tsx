import { Box, CloseButton, Group, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './content.module.css';

interface ReplyBarProps {
  message: Message;
  customerName: string;
  onCancel: () => void;
}

/** The message being answered, above the input; Esc or the cross cancels the reply. */
export function ReplyBar({ message, customerName, onCancel }: ReplyBarProps) {
  const { t } = useTranslation('conversation');
  const author = message.fromMe ? t('quote.you') : customerName || t('quote.customer');
  const preview =
    message.text ||
    message.attachmentName ||
    t(`types.${message.msgType}`, { defaultValue: t('types.text') });
  return (
    <Group gap="xs" wrap="nowrap" mb="xs" data-testid="composer-reply">
      <IconArrowBackUp size={18} color="var(--mantine-color-sapa-7)" style={{ flexShrink: 0 }} />
      <Box
        className={classes.quote}
        data-from-me={String(message.fromMe)}
        style={{ flex: 1, minWidth: 0, cursor: 'default', marginBottom: 0 }}
      >
        <span className={classes.quoteAuthor}>{t('quote.replyingTo', { author })}</span>
        <Text size="xs" c="dimmed" truncate="end">
          {preview}
        </Text>
      </Box>
      <CloseButton
        size="sm"
        onClick={onCancel}
        aria-label={t('composer.cancelReply')}
        data-testid="composer-reply-cancel"
      />
    </Group>
  );
}
