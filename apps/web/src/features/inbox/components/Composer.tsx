import { useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  CloseButton,
  FileButton,
  Group,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { message } from '../../../lib/messages';
import { notifyError } from '../../../lib/notify';
import { checkAttachment } from '../attachments';
import classes from './inbox.module.css';

export interface ComposerInput {
  text: string;
  file: File | null;
}

interface ComposerProps {
  /** WhatsApp's 24-hour window has passed: only templates may be sent (spec §4). */
  windowClosed: boolean;
  onSend: (input: ComposerInput) => void;
}

function kilobytes(bytes: number): string {
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** Message input: Enter sends, Shift+Enter breaks the line; one attachment of up to 1 MB. */
export function Composer({ windowClosed, onSend }: ComposerProps) {
  const { t } = useTranslation('inbox');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const resetFile = useRef<() => void>(null);
  const canSend = !windowClosed && (text.trim() !== '' || file !== null);

  const pick = (picked: File | null) => {
    if (!picked) return;
    const check = checkAttachment(picked);
    if (!check.ok) {
      notifyError(t(`composer.${check.reason}`));
      resetFile.current?.();
      return;
    }
    setFile(picked);
  };

  const send = () => {
    if (!canSend) return;
    onSend({ text: text.trim(), file });
    setText('');
    setFile(null);
    resetFile.current?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // IME composition (e.g. Japanese input) uses Enter to confirm a word, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Box className={classes.composer}>
      {windowClosed && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mb="sm"
          data-testid="window-closed-notice"
        >
          {message('windowClosed')}
        </Alert>
      )}
      {file && (
        <Group
          gap="xs"
          mb="xs"
          className={classes.fileChip}
          wrap="nowrap"
          data-testid="composer-file"
        >
          <IconPaperclip size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {kilobytes(file.size)}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('composer.removeFile')}
            onClick={() => setFile(null)}
          />
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={pick} resetRef={resetFile} disabled={windowClosed}>
          {(props) => (
            <Tooltip label={t('composer.attach')}>
              <ActionIcon
                {...props}
                size={38}
                variant="subtle"
                color="gray"
                disabled={windowClosed}
                aria-label={t('composer.attach')}
                data-testid="composer-attach"
              >
                <IconPaperclip size={20} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={windowClosed ? t('composer.closedPlaceholder') : t('composer.placeholder')}
          aria-label={t('composer.placeholder')}
          disabled={windowClosed}
          autosize
          minRows={1}
          maxRows={6}
          radius="lg"
          style={{ flex: 1 }}
          data-testid="composer-input"
        />
        <Tooltip label={t('composer.send')}>
          <ActionIcon
            size={38}
            radius="xl"
            onClick={send}
            disabled={!canSend}
            aria-label={t('composer.send')}
            data-testid="composer-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {!windowClosed && (
        <Text size="10px" c="dimmed" mt={4} visibleFrom="sm">
          {t('composer.hint')}
        </Text>
      )}
    </Box>
  );
}
