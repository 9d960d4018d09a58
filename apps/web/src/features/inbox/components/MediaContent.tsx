import { useState } from 'react';
import { ActionIcon, Box, Group, Loader, Text, Tooltip } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconDownload, IconFileText, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { downloadMedia, useMediaUrl } from '../useMediaUrl';
import classes from './inbox.module.css';

function Placeholder({ label, loading }: { label: string; loading: boolean }) {
  return (
    <Box className={classes.mediaPlaceholder}>
      {loading ? <Loader size="xs" /> : <IconPhoto size={22} stroke={1.4} />}
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Box>
  );
}

/** Image, video or audio from a message, loaded with the session's token. */
export function InlineMedia({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const media = useMediaUrl(message.mediaUrl);
  const name = message.attachmentName ?? t(`messageTypes.${message.msgType}`);

  if (!message.mediaUrl) return <Placeholder label={name} loading={message.status === 'queue'} />;
  if (media.status !== 'ready') {
    return (
      <Placeholder
        label={media.status === 'error' ? t('media.failed') : name}
        loading={media.status === 'loading'}
      />
    );
  }
  if (message.msgType === 'video') {
    return <video className={classes.media} src={media.src} controls preload="metadata" />;
  }
  if (message.msgType === 'audio') {
    return <audio className={classes.audio} src={media.src} controls preload="metadata" />;
  }
  return (
    <a href={media.src} target="_blank" rel="noreferrer">
      <img className={classes.media} src={media.src} alt={name} />
    </a>
  );
}

/** A document: its name and a download button (the bytes need the token, so no plain link). */
export function DocumentMedia({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const [busy, setBusy] = useState(false);
  const name = message.attachmentName ?? t('messageTypes.document');
  const url = message.mediaUrl;

  const download = () => {
    if (!url) return;
    setBusy(true);
    downloadMedia(url, name)
      .catch(() => notifyError(t('media.failed')))
      .finally(() => setBusy(false));
  };

  return (
    <Group gap="sm" wrap="nowrap" className={classes.document}>
      <IconFileText size={28} stroke={1.4} style={{ flexShrink: 0 }} />
      <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
        {name}
      </Text>
      {url && (
        <Tooltip label={t('media.download')}>
          <ActionIcon
            variant="light"
            onClick={download}
            loading={busy}
            aria-label={t('media.download')}
            data-testid="message-download"
          >
            <IconDownload size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
