import { useEffect, useRef } from 'react';
import { Loader, Paper, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { QuickReply } from '@sapa/contracts';
import { IconBolt, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './quickReplies.module.css';

export const QUICK_REPLY_LIST_ID = 'composer-quick-replies';

export function quickReplyOptionId(index: number): string {
  return `${QUICK_REPLY_LIST_ID}-${index}`;
}

interface QuickReplyPopupProps {
  filter: string;
  items: QuickReply[];
  status: 'pending' | 'error' | 'success';
  active: number;
  onHover: (index: number) => void;
  onPick: (reply: QuickReply) => void;
}

/**
 * The list that "/" opens above the input. Focus stays in the input (the arrow keys and Enter
 * are handled there); the list only shows, scrolls to and accepts clicks on the active row.
 */
export function QuickReplyPopup({
  filter,
  items,
  status,
  active,
  onHover,
  onPick,
}: QuickReplyPopupProps) {
  const { t } = useTranslation('conversation');
  const activeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  let body;
  if (status === 'pending') {
    body = (
      <div className={classes.state}>
        <Loader size="xs" />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <Text size="sm" c="red.7" className={classes.state}>
        {t('quickReplies.failed')}
      </Text>
    );
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" className={classes.state} data-testid="quick-replies-empty">
        {filter ? t('quickReplies.noMatch', { filter }) : t('quickReplies.none')}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={260} type="auto">
        <div role="listbox" id={QUICK_REPLY_LIST_ID} aria-label={t('quickReplies.title')}>
          {items.map((reply, index) => (
            <UnstyledButton
              key={reply._id}
              ref={index === active ? activeRef : undefined}
              id={quickReplyOptionId(index)}
              role="option"
              aria-selected={index === active}
              className={classes.option}
              data-active={index === active || undefined}
              // mousedown would blur the input before the click lands
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(reply)}
              data-testid="quick-reply-option"
            >
              <span className={classes.shortcut}>/{reply.shortcut}</span>
              <span className={classes.text}>{reply.text}</span>
              {reply.media && (
                <span className={classes.media}>
                  <IconPaperclip size={12} />
                  {reply.media.filename ?? t('quickReplies.attachment')}
                </span>
              )}
            </UnstyledButton>
          ))}
        </div>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Paper className={classes.popup} shadow="md" radius="md" withBorder data-testid="quick-replies">
      <div className={classes.head}>
        <IconBolt size={14} />
        <Text size="xs" fw={600}>
          {t('quickReplies.title')}
        </Text>
        <Text size="xs" c="dimmed" ml="auto" visibleFrom="sm">
          {t('quickReplies.hint')}
        </Text>
      </div>
      {body}
    </Paper>
  );
}
