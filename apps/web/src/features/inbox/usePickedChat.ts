import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { prefetchMessages } from './api';

/** Runs `fn` once the frames after the current work have been produced. */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') {
    setTimeout(fn, 0);
    return;
  }
  // Two frames: what the first frame paints (the newest message) goes before `fn`.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(fn, 0)));
}

export interface PickedChat {
  /** The open chat: the one just picked, else the URL's `?id=`. */
  selectedId: string | null;
  /** The message to open it at (`?message=`); none for a chat just picked. */
  selectedMessageId: string | null;
  /** Open a chat from the list, the keys or a notification. */
  select: (chatId: string) => void;
  /** Open a chat at a message (a search hit). */
  openMessage: (chatId: string, messageId: string) => void;
  /** Back to the list (phones). */
  back: () => void;
}

/**
 * Which chat /chat shows. The URL is the record (reload, links, the Back button), but a router
 * navigation costs a history call and a re-render of the whole shell in a transition. So a pick
 * is drawn at once from local state, its first page of messages is requested at the same
 * moment, and the URL follows once that page is on screen. Any other URL change (Back, a search
 * hit) wins over a pick whose URL has not landed yet.
 */
export function usePickedChat(small: boolean): PickedChat {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const urlId = params.get('id');
  const search = params.toString();
  const [picked, setPicked] = useState<string | null>(null);
  const [seenSearch, setSeenSearch] = useState(search);
  // Chats this page navigated to for picks: an older pick's URL landing is not "another change".
  const ours = useRef(new Set<string>());
  if (seenSearch !== search) {
    setSeenSearch(search);
    const olderPick =
      picked !== null && urlId !== null && urlId !== picked && ours.current.has(urlId);
    if (picked !== null && !olderPick) setPicked(null);
  }
  const selectedId = picked ?? urlId;
  const selectedMessageId = picked !== null ? null : params.get('message');

  // Read through a ref: the router's setter changes with every URL, and callbacks changing
  // with it would re-render every chat row.
  const latest = useRef({ setParams, small, selectedId, picked });
  useLayoutEffect(() => {
    latest.current = { setParams, small, selectedId, picked };
  });
  // A pick whose URL is still to come must not navigate back here after the agent left.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const select = useCallback(
    (chatId: string) => {
      const prior = latest.current.selectedId;
      setPicked(chatId);
      void prefetchMessages(queryClient, chatId).finally(() =>
        afterPaint(() => {
          const { setParams: set, small: phone, picked: current } = latest.current;
          // A newer pick, or a URL change that dropped this one: its URL is not wanted.
          if (!mounted.current || current !== chatId) return;
          ours.current.add(chatId);
          // Opening from the list on a phone pushes history, so the back button returns to it.
          set({ id: chatId }, { replace: !phone && prior !== null });
        }),
      );
    },
    [queryClient],
  );
  const openMessage = useCallback((chatId: string, messageId: string) => {
    const { setParams: set, small: phone, selectedId: prior } = latest.current;
    setPicked(null);
    set({ id: chatId, message: messageId }, { replace: !phone && prior !== null });
  }, []);
  const back = useCallback(() => {
    setPicked(null);
    latest.current.setParams({});
  }, []);

  return { selectedId, selectedMessageId, select, openMessage, back };
}
