import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconChevronsDown, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message as specMessage } from '../../../lib/messages';
import { dayLabel } from '../dates';
import { groupByDay } from '../conversation/grouping';
import { collectReactions } from '../conversation/reactions';
import { useConversationMessages } from '../conversation/useConversationMessages';
import { ConversationUiContext, useConversationUi } from './conversation/context';
import classes from './conversation/conversation.module.css';
import { NewerEdge, OlderEdge } from './conversation/ListEdges';
import { MessageBubble } from './MessageBubble';

/** Within this distance of an edge, the next page loads (and "at the bottom" sticks). */
const EDGE_PX = 160;
const HIGHLIGHT_MS = 2600;

function DaySeparator({ timestamp }: { timestamp: number }) {
  const { t } = useTranslation('conversation');
  const label = dayLabel(timestamp);
  return (
    <div className={classes.daySeparator} data-testid="day-separator">
      <span>{label.kind === 'date' ? label.text : t(`days.${label.kind}`)}</span>
    </div>
  );
}

interface MessageListProps {
  chatId: string;
  /** A message to open the conversation at (search hit, quoted message); null = the present. */
  targetId: string | null;
  /** Back to the present (the "jump to latest" button, or a failed jump dismissed). */
  onLeaveTarget: () => void;
  /** A quoted message that is not loaded: open the conversation at it. */
  onJumpTo: (messageId: string) => void;
}

/** The conversation's messages, oldest at the top, paged both ways, with day separators. */
export function MessageList({ chatId, targetId, onLeaveTarget, onJumpTo }: MessageListProps) {
  const { t } = useTranslation('conversation');
  const ui = useConversationUi();
  const view = useConversationMessages(chatId, targetId);
  const { messages } = view;
  const reactions = useMemo(() => collectReactions(messages), [messages]);
  const days = useMemo(() => groupByDay(messages, reactions.hidden), [messages, reactions]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  // Scroll height before an older page was added above, to keep the reader's place.
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const positioned = useRef(false);
  const lastId = useRef<string | null>(null);
  const atBottom = useRef(true);
  const [farFromBottom, setFarFromBottom] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);

  const flash = useCallback((id: string) => {
    setHighlight(null);
    // A fresh attribute restarts the animation when the same message is flashed twice.
    requestAnimationFrame(() => setHighlight(id));
  }, []);

  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  // Ids are digits or "local:<uuid>": nothing to escape but a quote, refused outright.
  const elementOf = (id: string): HTMLElement | null =>
    id.includes('"')
      ? null
      : (scrollRef.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`) ?? null);

  const loadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (el) beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    view.older.load();
  }, [view.older]);
  // The reader asked for older messages (scrolled to the top, pressed the button): only then is
  // "No more messages to load" an answer. Pages loaded to fill a short screen do not count.
  const [askedOlder, setAskedOlder] = useState(false);
  const askForOlder = useCallback(() => {
    setAskedOlder(true);
    loadOlder();
  }, [loadOlder]);
  const olderEdge = { ...view.older, load: askForOlder };

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || view.status !== 'ready') return;
    const newest = messages[messages.length - 1];
    if (!positioned.current) {
      positioned.current = true;
      const target = targetId && view.mode === 'jump' ? elementOf(targetId) : null;
      if (target) {
        target.scrollIntoView({ block: 'center' });
        setHighlight(targetId);
      } else {
        el.scrollTop = el.scrollHeight;
      }
    } else if (beforeOlder.current) {
      el.scrollTop = el.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
      beforeOlder.current = null;
    } else if (newest && newest._id !== lastId.current && !view.newer) {
      // A new message at the present: follow it if the agent was reading the latest or sent it.
      if (atBottom.current || newest.fromMe) el.scrollTop = el.scrollHeight;
    }
    lastId.current = newest?._id ?? null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per list change only
  }, [messages, view.status]);

  // Photos and players grow after they load; keep the latest in view while it was in view.
  useEffect(() => {
    const track = trackRef.current;
    const el = scrollRef.current;
    if (!track || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !view.newer) el.scrollTop = el.scrollHeight;
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [view.newer, view.status]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const below = el.scrollHeight - el.scrollTop - el.clientHeight;
    atBottom.current = below < EDGE_PX;
    setFarFromBottom(below > EDGE_PX * 3);
    const { older, newer } = view;
    if (el.scrollTop < EDGE_PX && older.hasMore && !older.loading && !older.failed) askForOlder();
    if (newer && below < EDGE_PX && !newer.loading && !newer.failed) newer.load();
  };

  // Scrolling asks for more only when there is something to scroll: a short page fills the
  // screen instead, and a jumped view whose end is on screen goes on towards the present.
  // Asked at the next frame, so the page just shown is painted before more is drawn.
  useEffect(() => {
    if (view.status !== 'ready') return;
    const fill = () => {
      const el = scrollRef.current;
      if (!el || el.clientHeight === 0) return;
      const { older, newer } = view;
      const below = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (newer && below < EDGE_PX && !newer.loading && !newer.failed) newer.load();
      else if (el.scrollHeight <= el.clientHeight + 4 && older.hasMore) {
        if (!older.loading && !older.failed) loadOlder();
      }
    };
    if (typeof requestAnimationFrame === 'undefined') {
      fill();
      return;
    }
    const frame = requestAnimationFrame(fill);
    return () => cancelAnimationFrame(frame);
  }, [messages, view, loadOlder]);

  const onQuoteClick = useCallback(
    (id: string) => {
      const el = elementOf(id);
      if (el) {
        el.scrollIntoView({ block: 'center', behavior: 'smooth' });
        flash(id);
      } else {
        onJumpTo(id);
      }
    },
    [flash, onJumpTo],
  );
  // The quote handler needs the list's DOM, so the list provides it to the bubbles below.
  const bubbleUi = useMemo(() => ({ ...ui, onQuoteClick }), [ui, onQuoteClick]);

  const toBottom = () => {
    const el = scrollRef.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  if (view.status === 'pending') {
    return (
      <div className={classes.listWrap}>
        <div className={`${classes.scroller} ${classes.centerFill}`} data-testid="messages-loading">
          <Loader size="sm" />
        </div>
      </div>
    );
  }
  if (view.status === 'error') {
    return (
      <div className={classes.listWrap}>
        <div className={`${classes.scroller} ${classes.centerFill}`}>
          <Stack align="center" gap="xs">
            <Text size="sm" c="red.8" fw={500} data-testid="messages-error">
              {specMessage('serverNotResponding')}
            </Text>
            <Button
              size="xs"
              variant="white"
              leftSection={<IconRefresh size={14} />}
              onClick={view.retry}
            >
              {t('actions.retry')}
            </Button>
          </Stack>
        </div>
      </div>
    );
  }

  return (
    <div className={classes.listWrap}>
      {view.targetError && (
        <Alert
          className={classes.jumpBanner}
          color={view.targetError === 'notFound' ? 'orange' : 'red'}
          variant="filled"
          radius="md"
          withCloseButton
          closeButtonLabel={t('actions.dismiss')}
          onClose={onLeaveTarget}
          data-testid="jump-error"
        >
          {view.targetError === 'notFound'
            ? specMessage('messageNotFound')
            : specMessage('targetMessageFailed')}
        </Alert>
      )}
      <div
        className={classes.scroller}
        ref={scrollRef}
        onScroll={onScroll}
        data-testid="message-list"
        data-mode={view.mode}
        role="log"
        aria-label={t('list.label')}
      >
        <div className={classes.track} ref={trackRef}>
          <ConversationUiContext.Provider value={bubbleUi}>
            <OlderEdge older={olderEdge} empty={messages.length === 0} asked={askedOlder} />
            {days.map((day) => (
              <section key={day.key}>
                <DaySeparator timestamp={day.timestamp} />
                {day.items.map(({ message, first }) => (
                  <MessageBubble
                    key={message.generatedId ?? message._id}
                    message={message}
                    first={first}
                    reaction={reactions.byMessage.get(message._id)}
                    highlighted={highlight === message._id}
                  />
                ))}
              </section>
            ))}
            {view.newer && <NewerEdge newer={view.newer} />}
          </ConversationUiContext.Provider>
        </div>
      </div>
      {view.newer ? (
        <Button
          className={classes.floating}
          radius="xl"
          size="xs"
          leftSection={<IconChevronsDown size={14} />}
          onClick={onLeaveTarget}
          data-testid="jump-to-latest"
        >
          {t('list.jumpToLatest')}
        </Button>
      ) : (
        farFromBottom && (
          <Tooltip label={t('list.scrollToLatest')}>
            <ActionIcon
              className={classes.floating}
              size={38}
              radius="xl"
              variant="white"
              color="gray"
              onClick={toBottom}
              aria-label={t('list.scrollToLatest')}
              data-testid="scroll-to-latest"
              style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
          </Tooltip>
        )
      )}
    </div>
  );
}
