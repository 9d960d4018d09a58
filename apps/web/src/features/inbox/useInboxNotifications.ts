import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatSchema, messageSchema, SERVER_EVENTS, truncatePreview } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { onServerEvent } from '../../lib/socket';
import { searchKeys, useUnreadCount } from './api';
import { showChatNotification } from './notifications';

const newMessageEvent = z.object({ chat: chatSchema, message: messageSchema });

/** Events after which the number of unread chats the user can see may have changed. */
const UNREAD_EVENTS = [
  SERVER_EVENTS.newMessageIn,
  SERVER_EVENTS.readChat,
  SERVER_EVENTS.chatAssigned,
  SERVER_EVENTS.messageResolvedCreated,
  SERVER_EVENTS.chatArchived,
  SERVER_EVENTS.chatUnarchived,
  SERVER_EVENTS.chatBlocked,
] as const;

/** A burst of events (a customer sending five photos) costs one count request, not five. */
const RECOUNT_DELAY_MS = 800;

/** "(3) Sapa": the unread count in front of the page's own title; none when nothing waits. */
export function titleWithUnread(base: string, unread: number): string {
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}

/**
 * Spec §2, §9 "Notifications": a browser notification for each customer message in a chat the
 * agent is not looking at (or while the tab is hidden), and the count of unread chats in the tab
 * title, kept live by socket events.
 */
export function useInboxNotifications(options: {
  openChatId: string | null;
  onOpen: (chatId: string) => void;
}): void {
  const { t } = useTranslation('inbox');
  const queryClient = useQueryClient();
  const latest = useRef({ ...options, t });
  latest.current = { ...options, t };

  useEffect(() => {
    const unsubscribe = onServerEvent(SERVER_EVENTS.newMessageIn, (payload) => {
      const parsed = newMessageEvent.safeParse(payload);
      if (!parsed.success) return;
      const { chat, message } = parsed.data;
      const { openChatId, onOpen, t: translate } = latest.current;
      if (message.fromMe || message.isSystem) return;
      if (chat._id === openChatId && document.visibilityState === 'visible') return;
      const body = message.text
        ? truncatePreview(message.text, 120)
        : translate(`messageTypes.${message.msgType}`, { defaultValue: '' });
      showChatNotification({
        chatId: chat._id,
        title: chat.name || chat.identifier,
        body,
        onOpen,
      });
    });
    return unsubscribe;
  }, []);

  const unread = useUnreadCount(true);
  useEffect(() => {
    let timer: number | undefined;
    const recount = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: searchKeys.unread() });
      }, RECOUNT_DELAY_MS);
    };
    const offs = UNREAD_EVENTS.map((event) => onServerEvent(event, recount));
    return () => {
      window.clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [queryClient]);

  const count = unread.data ?? 0;
  useEffect(() => {
    // Remember the title the app had, so leaving the inbox puts it back untouched.
    const base = document.title.replace(/^\(\d+\+?\) /, '');
    document.title = titleWithUnread(base, count);
    return () => {
      document.title = base;
    };
  }, [count]);
}
