import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ActionIcon, Alert, Box, FileButton, Textarea, Tooltip } from '@mantine/core';
import { WINDOW_REFUSAL_MESSAGES, type Message, type QuickReply } from '@sapa/contracts';
import { IconAlertTriangle, IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message as specMessage, translateMessage } from '../../../lib/messages';
import type { WindowView } from '../replyWindow';
import { WindowStrip } from './conversation/WindowStrip';
import { notifyError } from '../../../lib/notify';
import { checkAttachment, type StoredMedia } from '../attachments';
import {
  filterQuickReplies,
  quickReplyFilter,
  useQuickReplies,
} from '../conversation/quickReplies';
import { AttachmentChip, type PendingAttachment } from './conversation/AttachmentChip';
import classes from './conversation/composer.module.css';
import { EmojiButton } from './conversation/EmojiButton';
import {
  QUICK_REPLY_LIST_ID,
  QuickReplyPopup,
  quickReplyOptionId,
} from './conversation/QuickReplyPopup';
import { ReplyBar } from './conversation/ReplyBar';
import { useAutosize } from './conversation/useAutosize';

export interface ComposerInput {
  text: string;
  /** A file the agent picked, uploaded on send. */
  file: File | null;
  /** A file already on the server (from a quick reply), sent by id. */
  media: StoredMedia | null;
  /** The message this one answers. */
  replyTo: Message | null;
}

interface ComposerProps {
  /** WhatsApp's 24-hour window has passed: only templates may be sent (spec §4). */
  windowClosed: boolean;
  onSend: (input: ComposerInput) => void;
  replyTo?: Message | null;
  onCancelReply?: () => void;
  customerName?: string;
  /** 'Send template' (WhatsApp): a button when the window has closed, an icon beside attach. */
  templateAction?: (variant: 'button' | 'icon') => ReactNode;
  /** Which reply window applies (from the server) and the clock it is read against. */
  window?: WindowView;
  now?: number;
}

/** Why nothing but a template (WhatsApp) or nothing at all (Meta's page channels) may go out. */
function closedReason(view: WindowView | undefined): string {
  if (view?.kind === 'closed' && view.refusal !== 'templates_only')
    return translateMessage(WINDOW_REFUSAL_MESSAGES[view.refusal]);
  return specMessage('windowClosed');
}

/** The contract's limit on a message's text. */
const MAX_TEXT = 4096;

/**
 * Message input: Enter sends, Shift+Enter breaks the line; emoji; one attachment of up to 1 MB
 * (picked, pasted or dropped); "/" opens the quick replies; a reply shows its quote above.
 */
export function Composer({
  windowClosed,
  onSend,
  replyTo = null,
  onCancelReply,
  customerName = '',
  templateAction,
  window: view,
  now = 0,
}: ComposerProps) {
  const { t } = useTranslation('conversation');
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<PendingAttachment | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Esc closes the quick replies for the text typed so far; typing on reopens them.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  const resetFile = useRef<() => void>(null);

  useAutosize(inputRef, text);

  const filter = windowClosed ? null : quickReplyFilter(text);
  const popupOpen = filter !== null && dismissedFor !== text;
  const quickReplies = useQuickReplies(popupOpen);
  const matches = popupOpen ? filterQuickReplies(quickReplies.data ?? [], filter ?? '') : [];
  const canSend = !windowClosed && (text.trim() !== '' || attachment !== null);

  useEffect(() => setActive(0), [filter]);

  useEffect(() => {
    // Choosing "Reply" on a bubble puts the cursor here, ready to type.
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);

  const focusAt = (position: number) => {
    requestAnimationFrame(() => {
      const el = inputRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(position, position);
    });
  };

  const pick = (picked: File | null) => {
    if (!picked || windowClosed) return;
    const check = checkAttachment(picked);
    if (!check.ok) {
      notifyError(t(`composer.${check.reason}`));
      resetFile.current?.();
      return;
    }
    setAttachment({ kind: 'file', file: picked });
  };

  const removeAttachment = () => {
    setAttachment(null);
    resetFile.current?.();
  };

  const chooseQuickReply = (reply: QuickReply) => {
    setText(reply.text);
    caret.current = { start: reply.text.length, end: reply.text.length };
    if (reply.media) setAttachment({ kind: 'media', media: reply.media });
    focusAt(reply.text.length);
  };

  const insertEmoji = (emoji: string) => {
    const { start, end } = caret.current ?? { start: text.length, end: text.length };
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`.slice(0, MAX_TEXT);
    setText(next);
    caret.current = { start: start + emoji.length, end: start + emoji.length };
  };

  const closeEmoji = (open: boolean) => {
    setEmojiOpen(open);
    if (!open) focusAt(caret.current?.start ?? text.length);
  };

  const send = () => {
    if (!canSend) return;
    onSend({
      text: text.trim(),
      file: attachment?.kind === 'file' ? attachment.file : null,
      media: attachment?.kind === 'media' ? attachment.media : null,
      replyTo,
    });
    setText('');
    setAttachment(null);
    caret.current = null;
    resetFile.current?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // IME composition (e.g. Japanese input) uses Enter to confirm a word, not to send.
    if (event.nativeEvent.isComposing) return;
    if (popupOpen) {
      const count = matches.length;
      if (event.key === 'ArrowDown' && count) {
        event.preventDefault();
        setActive((i) => (i + 1) % count);
        return;
      }
      if (event.key === 'ArrowUp' && count) {
        event.preventDefault();
        setActive((i) => (i - 1 + count) % count);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        const chosen = matches[active];
        if (chosen) {
          event.preventDefault();
          chooseQuickReply(chosen);
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedFor(text);
        return;
      }
    }
    if (event.key === 'Escape' && replyTo && onCancelReply) {
      event.preventDefault();
      event.stopPropagation();
      onCancelReply();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    send();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = event.clipboardData.files[0];
    if (!file) return;
    event.preventDefault();
    pick(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    pick(file);
  };

  const rememberCaret = () => {
    const el = inputRef.current;
    if (el) caret.current = { start: el.selectionStart, end: el.selectionEnd };
  };

  return (
    <Box
      className={classes.composer}
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        if (windowClosed || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="composer"
    >
      {popupOpen && (
        <QuickReplyPopup
          filter={filter ?? ''}
          items={matches}
          status={quickReplies.status}
          active={active}
          onHover={setActive}
          onPick={chooseQuickReply}
        />
      )}
      {windowClosed && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mb="sm"
          radius="md"
          data-testid="window-closed-notice"
        >
          {closedReason(view)}
        </Alert>
      )}
      {!windowClosed && view && <WindowStrip view={view} now={now} />}
      {windowClosed && templateAction?.('button')}
      {replyTo && !windowClosed && onCancelReply && (
        <ReplyBar message={replyTo} customerName={customerName} onCancel={onCancelReply} />
      )}
      {attachment && !windowClosed && (
        <AttachmentChip attachment={attachment} onRemove={removeAttachment} />
      )}
      <div className={classes.inputRow}>
        <EmojiButton
          opened={emojiOpen}
          onChange={closeEmoji}
          onPick={insertEmoji}
          disabled={windowClosed}
        />
        <FileButton onChange={pick} resetRef={resetFile} disabled={windowClosed}>
          {(props) => (
            <Tooltip label={t('composer.attach')}>
              <ActionIcon
                {...props}
                size={38}
                radius="xl"
                variant="subtle"
                color="gray"
                disabled={windowClosed}
                aria-label={t('composer.attach')}
                data-testid="composer-attach"
              >
                <IconPaperclip size={21} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        {!windowClosed && templateAction?.('icon')}
        <Textarea
          ref={inputRef}
          className={classes.field}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            rememberCaret();
          }}
          onKeyDown={onKeyDown}
          onSelect={rememberCaret}
          onKeyUp={rememberCaret}
          onClick={rememberCaret}
          onPaste={onPaste}
          placeholder={
            windowClosed
              ? t(templateAction ? 'composer.closedPlaceholder' : 'composer.closedPlaceholderPage')
              : t('composer.placeholder')
          }
          aria-label={t('composer.label')}
          aria-controls={popupOpen ? QUICK_REPLY_LIST_ID : undefined}
          aria-expanded={popupOpen}
          aria-autocomplete="list"
          aria-activedescendant={
            popupOpen && matches.length ? quickReplyOptionId(active) : undefined
          }
          disabled={windowClosed}
          maxLength={MAX_TEXT}
          rows={1}
          radius="xl"
          data-testid="composer-input"
        />
        <Tooltip label={t('composer.send')}>
          <ActionIcon
            size={40}
            radius="xl"
            onClick={send}
            disabled={!canSend}
            aria-label={t('composer.send')}
            data-testid="composer-send"
          >
            <IconSend2 size={20} />
          </ActionIcon>
        </Tooltip>
      </div>
      {!windowClosed && (
        <Box className={classes.hint} visibleFrom="sm">
          <span>{t('composer.hint')}</span>
          <span>{t('composer.quickHint')}</span>
        </Box>
      )}
    </Box>
  );
}
