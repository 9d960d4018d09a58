import { useState } from 'react';
import { Button, CloseButton } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message } from '../../../lib/messages';
import { notifyError } from '../../../lib/notify';
import { readChatState, updateChatState } from '../filters';
import { useNotificationPermission } from '../notifications';
import classes from './chatList.module.css';

function dismissedBefore(): boolean {
  return readChatState()?.notifyPromptDismissed === true;
}

/**
 * Spec §2: notifications need the browser's permission. Asked politely from a slim line in the
 * list header (browsers only allow the request after a click); when the browser refuses, the
 * spec's 'Please allow notification from your browser' stays until closed.
 */
export function NotificationPrompt() {
  const { t } = useTranslation('inbox');
  const { permission, request } = useNotificationPermission();
  const [dismissed, setDismissed] = useState(dismissedBefore);

  if (dismissed || permission === 'granted' || permission === 'unsupported') return null;

  const close = () => {
    updateChatState({ notifyPromptDismissed: true });
    setDismissed(true);
  };

  if (permission === 'denied') {
    return (
      <div className={classes.prompt} data-tone="warning" data-testid="notification-denied">
        <IconBellOff size={16} stroke={1.8} style={{ flexShrink: 0 }} />
        <span>{message('allowNotification')}</span>
        <CloseButton size="sm" onClick={close} aria-label={t('notifications.dismiss')} />
      </div>
    );
  }

  const ask = async () => {
    const answer = await request();
    if (answer === 'denied') notifyError(message('allowNotification'));
  };

  return (
    <div className={classes.prompt} data-testid="notification-prompt">
      <IconBell size={16} stroke={1.8} style={{ flexShrink: 0 }} />
      <span>{t('notifications.ask')}</span>
      <Button size="compact-xs" variant="filled" onClick={() => void ask()}>
        {t('notifications.enable')}
      </Button>
      <CloseButton size="sm" onClick={close} aria-label={t('notifications.dismiss')} />
    </div>
  );
}
