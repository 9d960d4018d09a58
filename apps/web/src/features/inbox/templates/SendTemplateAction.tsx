import { useContext, useState } from 'react';
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import type { Chat, Template } from '@sapa/contracts';
import { IconTemplate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../../../app/session/SessionContext';
import { errorMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { inboxKeys, upsertMessage, type MessagePages } from '../cache';
import { sendTemplateMessage } from './api';
import { SendTemplateModal } from './SendTemplateModal';
import classes from './templates.module.css';
import { sendBody, type TemplateValues } from './values';

interface SendTemplateActionProps {
  chat: Pick<Chat, '_id' | 'name' | 'identifier'>;
  /** `button`: the locked composer's call to action; `icon`: beside the attach button. */
  variant: 'button' | 'icon';
  /** Called after the message is stored, so the conversation can return to the present. */
  onSent?: () => void;
}

/** The composer's 'Send template': opens the dialog and puts the sent message in the chat. */
export function SendTemplateAction({ chat, variant, onSent }: SendTemplateActionProps) {
  const { t } = useTranslation('inboxTemplates');
  const queryClient = useQueryClient();
  // Read without useSession's throw: the conversation also renders in isolation (tests, embeds),
  // where nobody is a manager and the empty state just says whom to ask.
  const user = useContext(SessionContext)?.user ?? null;
  const [opened, setOpened] = useState(false);
  const canManage = user?.role === 'admin' || user?.role === 'supervisor';

  const send = async (template: Template, values: TemplateValues) => {
    let sent;
    try {
      sent = await sendTemplateMessage(sendBody(chat._id, template, values, crypto.randomUUID()));
    } catch (error) {
      throw new Error(errorMessage(error), { cause: error });
    }
    queryClient.setQueryData<MessagePages>(inboxKeys.messages(chat._id), (data) =>
      upsertMessage(data, sent),
    );
    notifySuccess(t('sent', { name: chat.name || chat.identifier }));
    onSent?.();
  };

  const trigger =
    variant === 'button' ? (
      <Group justify="space-between" wrap="nowrap" gap="md" mb="sm">
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('lockedHint')}
        </Text>
        <Button
          leftSection={<IconTemplate size={18} />}
          onClick={() => setOpened(true)}
          radius="xl"
          className={classes.cta}
          data-testid="composer-send-template"
        >
          {t('open')}
        </Button>
      </Group>
    ) : (
      <Tooltip label={t('openHint')}>
        <ActionIcon
          size={38}
          radius="xl"
          variant="subtle"
          color="gray"
          onClick={() => setOpened(true)}
          aria-label={t('open')}
          data-testid="composer-template"
        >
          <IconTemplate size={21} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    );

  return (
    <>
      {trigger}
      <SendTemplateModal
        chat={chat}
        opened={opened}
        onClose={() => setOpened(false)}
        canManage={canManage}
        onSend={send}
      />
    </>
  );
}
