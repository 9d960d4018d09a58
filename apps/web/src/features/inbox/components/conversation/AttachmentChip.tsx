import { useEffect, useState } from 'react';
import { CloseButton, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconFile, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import { attachmentKind, type StoredMedia } from '../../attachments';
import classes from './composer.module.css';

export type PendingAttachment =
  { kind: 'file'; file: File } | { kind: 'media'; media: StoredMedia };

function kilobytes(bytes: number): string {
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** A thumbnail for a picked photo, revoked when the chip goes. */
function useThumbnail(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || attachmentKind(file) !== 'image' || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** What will be sent with the text: the picked file or the quick reply's file. */
export function AttachmentChip({
  attachment,
  onRemove,
}: {
  attachment: PendingAttachment;
  onRemove: () => void;
}) {
  const { t } = useTranslation('conversation');
  const file = attachment.kind === 'file' ? attachment.file : null;
  const thumbnail = useThumbnail(file);
  const name = file
    ? file.name
    : (attachment.kind === 'media' && attachment.media.filename) || t('quickReplies.attachment');
  const kind = attachmentKind(
    file ?? { type: attachment.kind === 'media' ? attachment.media.mimeType : '', name },
  );
  const Icon = kind === 'image' ? IconPhoto : kind === 'video' ? IconMovie : IconFile;
  return (
    <Group gap="sm" wrap="nowrap" className={classes.chip} data-testid="composer-file">
      {thumbnail ? (
        <img src={thumbnail} alt="" className={classes.thumb} />
      ) : (
        <ThemeIcon variant="light" size={36} radius="md" color="gray">
          <Icon size={20} stroke={1.5} />
        </ThemeIcon>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="composer-file-kind">
            {t(`composer.kind.${kind}`)}
          </Text>
          {file && (
            <Text size="xs" c="dimmed">
              · {kilobytes(file.size)}
            </Text>
          )}
          {attachment.kind === 'media' && (
            <Group gap={2} c="dimmed" wrap="nowrap">
              <IconBolt size={11} />
              <Text size="xs">{t('quickReplies.title')}</Text>
            </Group>
          )}
        </Group>
      </div>
      <CloseButton size="sm" aria-label={t('composer.removeFile')} onClick={onRemove} />
    </Group>
  );
}
