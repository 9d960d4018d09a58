import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import {
  IconDownload,
  IconFile,
  IconFileTypePdf,
  IconMicrophone,
  IconMovie,
  IconPhoto,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { downloadMedia, useMediaUrl, type MediaState } from '../useMediaUrl';
import { Lightbox } from './conversation/Lightbox';
import classes from './conversation/content.module.css';

type MediaMessage = Pick<
  Message,
  'msgType' | 'mediaUrl' | 'attachmentName' | 'status' | 'text' | 'payload' | 'mimeType'
>;

function Placeholder({ message, media }: { message: MediaMessage; media: MediaState }) {
  const { t } = useTranslation('conversation');
  const Icon =
    message.msgType === 'video'
      ? IconMovie
      : message.msgType === 'audio'
        ? IconMicrophone
        : IconPhoto;
  const failed = media.status === 'error';
  // No URL yet: our own upload is still sending, or the server is fetching the customer's file.
  const waiting = media.status === 'loading' || (!message.mediaUrl && message.status === 'queue');
  return (
    <Box className={classes.mediaPlaceholder} data-testid="media-placeholder">
      {waiting ? <Loader size="xs" /> : <Icon size={26} stroke={1.4} />}
      <Text size="xs" c="dimmed" ta="center" px="xs">
        {failed
          ? t('media.failed')
          : message.mediaUrl || waiting
            ? (message.attachmentName ?? t(`types.${message.msgType}`))
            : t('media.unavailable')}
      </Text>
      {failed && (
        <Button
          size="compact-xs"
          variant="white"
          leftSection={<IconRefresh size={12} />}
          onClick={media.retry}
        >
          {t('actions.retry')}
        </Button>
      )}
    </Box>
  );
}

/** Image (opens the lightbox), sticker, video or audio, loaded with the session's token. */
export function InlineMedia({ message }: { message: MediaMessage }) {
  const { t } = useTranslation('conversation');
  const media = useMediaUrl(message.mediaUrl);
  const [open, setOpen] = useState(false);
  const name = message.attachmentName ?? t(`types.${message.msgType}`);

  if (media.status !== 'ready') return <Placeholder message={message} media={media} />;
  if (message.msgType === 'video') {
    return (
      <video
        className={classes.video}
        src={media.src}
        controls
        preload="metadata"
        aria-label={name}
        data-testid="message-video"
      />
    );
  }
  if (message.msgType === 'audio') {
    return (
      <Box>
        {message.payload.voice === true && (
          <Group gap={4} mb={4} c="dimmed">
            <IconMicrophone size={14} />
            <Text size="xs">{t('media.voice')}</Text>
          </Group>
        )}
        <audio
          className={classes.audio}
          src={media.src}
          controls
          preload="metadata"
          aria-label={name}
          data-testid="message-audio"
        />
      </Box>
    );
  }
  if (message.payload.sticker === true) {
    return (
      <img
        className={classes.sticker}
        src={media.src}
        alt={t('media.sticker')}
        data-testid="message-sticker"
      />
    );
  }
  return (
    <>
      <button
        type="button"
        className={classes.imageButton}
        onClick={() => setOpen(true)}
        aria-label={t('media.openImage', { name })}
        data-testid="message-image"
      >
        <img className={classes.image} src={media.src} alt={name} />
      </button>
      <Lightbox
        opened={open}
        onClose={() => setOpen(false)}
        src={media.src}
        name={name}
        caption={message.text !== message.attachmentName ? message.text : ''}
      />
    </>
  );
}

function documentIcon(mimeType: string | null, name: string) {
  return mimeType === 'application/pdf' || /\.pdf$/i.test(name) ? IconFileTypePdf : IconFile;
}

function extension(name: string): string | null {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match?.[1] ? match[1].toUpperCase() : null;
}

/** A document: its name, its kind and a download (the bytes need the token, so no plain link). */
export function DocumentMedia({ message }: { message: MediaMessage }) {
  const { t } = useTranslation('conversation');
  const [busy, setBusy] = useState(false);
  const name = message.attachmentName ?? t('types.document');
  const url = message.mediaUrl;
  const Icon = documentIcon(message.mimeType, name);
  const ext = extension(name);

  const download = () => {
    if (!url) return;
    setBusy(true);
    downloadMedia(url, name)
      .catch(() => notifyError(t('media.failed')))
      .finally(() => setBusy(false));
  };

  return (
    <Group gap="sm" wrap="nowrap" className={classes.card} data-testid="message-document">
      <Icon size={32} stroke={1.3} style={{ flexShrink: 0 }} color="var(--mantine-color-red-7)" />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="message-document-name"
        >
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {ext ?? t('types.document')}
        </Text>
      </Box>
      {url ? (
        <Tooltip label={t('media.download')}>
          <ActionIcon
            variant="light"
            radius="xl"
            size="lg"
            onClick={download}
            loading={busy}
            aria-label={t('media.downloadName', { name })}
            data-testid="message-download"
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        message.status === 'queue' && <Loader size="xs" />
      )}
    </Group>
  );
}
