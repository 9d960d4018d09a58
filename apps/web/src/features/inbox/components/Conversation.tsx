import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Chat, IsUserInitiateEvent, Message } from '@sapa/contracts';
import { useSearchParams } from 'react-router';
import { ChatHeaderActions } from '../actions/ChatHeaderActions';
import { useChatWindow } from '../api';
import { inboxKeys } from '../cache';
import { windowEnd, windowView, type WindowView } from '../replyWindow';
import { SendTemplateAction } from '../templates/SendTemplateAction';
import { useSendMessage } from '../useSendMessage';
import { Composer, type ComposerInput } from './Composer';
import { ConversationUiContext, type ConversationUi } from './conversation/context';
import { ConversationHeader } from './conversation/ConversationHeader';
import classes from './conversation/conversation.module.css';
import { MessageList } from './MessageList';

/** The channels whose replies a window bounds (the QR-linked WhatsApp has none). */
const WINDOW_CHANNELS: ReadonlySet<Chat['channel']> = new Set([
  'whatsapp',
  'messenger',
  'instagram',
]);

/**
 * The clock the window is read against: once a minute while a window runs (the time left is
 * shown in minutes), and exactly at its end so the composer closes on time.
 */
function useClock(state: IsUserInitiateEvent | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const running = state?.value === true;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [running]);
  const until = state?.windowEndsAt;
  useEffect(() => {
    if (!until) return;
    const wait = Date.parse(until) - Date.now();
    // setTimeout cannot wait longer than ~24.8 days.
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}

interface ConversationProps {
  chat: Chat;
  onBack?: () => void;
  /** Open at this message (a search hit: `/chat?id=…&message=…`) instead of the newest. */
  targetMessageId?: string | null;
}

/** The messages and the composer of one chat; remounted per chat so no state leaks across. */
function ConversationBody({
  chat,
  targetMessageId,
}: {
  chat: Chat;
  targetMessageId: string | null;
}) {
  const [, setParams] = useSearchParams();
  const [target, setTarget] = useState<string | null>(targetMessageId);
  const [seenTarget, setSeenTarget] = useState(targetMessageId);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  // A new search hit in the same chat moves the view again.
  if (seenTarget !== targetMessageId) {
    setSeenTarget(targetMessageId);
    setTarget(targetMessageId);
  }

  // Spec §2/§4: WhatsApp takes only templates after 24 hours; Messenger and Instagram take a
  // person's reply for 7 days (human agent tag) and then nothing until the customer writes.
  const windowQuery = useChatWindow(chat._id, WINDOW_CHANNELS.has(chat.channel));
  const now = useClock(windowQuery.data);
  let view: WindowView = { kind: 'none' };
  if (WINDOW_CHANNELS.has(chat.channel)) view = windowView(windowQuery.data, chat.channel, now);
  // A linked number answers any time: the composer says so where the countdown would be.
  else if (chat.channel === 'whatsapp_basic') view = { kind: 'unbounded' };
  const windowClosed = view.kind === 'closed';
  const queryClient = useQueryClient();
  const end = windowEnd(view);
  const stale = end !== null && end <= now;
  useEffect(() => {
    // A phase ran out: ask the server which one applies now.
    if (stale) void queryClient.invalidateQueries({ queryKey: inboxKeys.window(chat._id) });
  }, [stale, queryClient, chat._id]);
  const sendMessage = useSendMessage(chat);

  const leaveTarget = useCallback(() => {
    setTarget(null);
    // Drop ?message= so a reload opens the present, and the same hit can be opened again.
    setParams(
      (params) => {
        if (!params.has('message')) return params;
        const next = new URLSearchParams(params);
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const send = (input: ComposerInput) => {
    // What was just sent belongs at the present; leave a view of the past.
    if (target !== null) leaveTarget();
    setReplyTo(null);
    void sendMessage(input);
  };

  const ui = useMemo<ConversationUi>(
    () => ({
      customerName: chat.name || chat.identifier,
      onQuoteClick: () => undefined,
      onReply: windowClosed ? null : setReplyTo,
    }),
    [chat.name, chat.identifier, windowClosed],
  );

  return (
    <ConversationUiContext.Provider value={ui}>
      <MessageList
        // A new target is a new view: fresh scroll position, fresh paging.
        key={target ?? 'live'}
        chatId={chat._id}
        targetId={target}
        onLeaveTarget={leaveTarget}
        onJumpTo={setTarget}
      />
      <Composer
        windowClosed={windowClosed}
        window={view}
        now={now}
        onSend={send}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        customerName={chat.name || chat.identifier}
        templateAction={
          chat.channel === 'whatsapp'
            ? (variant) => <SendTemplateAction chat={chat} variant={variant} onSent={leaveTarget} />
            : undefined
        }
      />
    </ConversationUiContext.Provider>
  );
}

/** Right pane: who the customer is, the messages (live or opened at a hit) and the composer. */
export const Conversation = memo(function Conversation({
  chat,
  onBack,
  targetMessageId = null,
}: ConversationProps) {
  return (
    <div className={classes.root} data-testid="conversation" data-chat-id={chat._id}>
      <ConversationHeader chat={chat} onBack={onBack} actions={<ChatHeaderActions chat={chat} />} />
      <ConversationBody key={chat._id} chat={chat} targetMessageId={targetMessageId} />
    </div>
  );
});
