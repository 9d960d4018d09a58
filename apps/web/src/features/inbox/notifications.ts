import { useCallback, useSyncExternalStore } from 'react';
import { LIMITS } from '@sapa/contracts';

/** 'unsupported': no Notification API (old browsers, some in-app webviews, insecure origins). */
export type NotifyPermission = NotificationPermission | 'unsupported';

function api(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

export function notificationPermission(): NotifyPermission {
  return api()?.permission ?? 'unsupported';
}

const listeners = new Set<() => void>();
function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The agent can change the permission in the browser's site settings while the tab is open;
  // the Permissions API tells us, where it exists.
  let status: PermissionStatus | null = null;
  let gone = false;
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      if (gone) return;
      status = s;
      s.addEventListener('change', changed);
    })
    .catch(() => undefined);
  return () => {
    gone = true;
    listeners.delete(listener);
    status?.removeEventListener('change', changed);
  };
}

/**
 * Asks the browser once. Old Safari only knows the callback form, so both are handled; a thrown
 * or unknown answer counts as "not granted".
 */
export async function requestNotificationPermission(): Promise<NotifyPermission> {
  const N = api();
  if (!N) return 'unsupported';
  let answer: NotificationPermission;
  try {
    answer = await new Promise<NotificationPermission>((resolve) => {
      const result = N.requestPermission(resolve);
      if (result) void result.then(resolve, () => resolve(N.permission));
    });
  } catch {
    answer = N.permission;
  }
  changed();
  return answer;
}

/** The permission, re-rendering when it changes, and the function that asks for it. */
export function useNotificationPermission(): {
  permission: NotifyPermission;
  request: () => Promise<NotifyPermission>;
} {
  const permission = useSyncExternalStore<NotifyPermission>(
    subscribe,
    notificationPermission,
    () => 'unsupported',
  );
  const request = useCallback(() => requestNotificationPermission(), []);
  return { permission, request };
}

export interface ChatNotice {
  chatId: string;
  title: string;
  body: string;
  /** Called after the notification is clicked and the tab is brought to the front. */
  onOpen: (chatId: string) => void;
}

/**
 * A browser notification for one chat (spec §2, §9): replaces the chat's previous one (same tag),
 * closes itself after 10 s, and a click brings the tab forward and opens the chat.
 */
export function showChatNotification(notice: ChatNotice): Notification | null {
  const N = api();
  if (!N || N.permission !== 'granted') return null;
  let shown: Notification;
  try {
    shown = new N(notice.title, {
      body: notice.body,
      tag: `sapa-chat-${notice.chatId}`,
      icon: '/favicon.svg',
    });
  } catch {
    // Chrome on Android only allows notifications from a service worker and throws here.
    return null;
  }
  const timer = window.setTimeout(() => shown.close(), LIMITS.notificationAutoCloseMs);
  shown.onclick = () => {
    window.clearTimeout(timer);
    window.focus();
    notice.onOpen(notice.chatId);
    shown.close();
  };
  shown.onclose = () => window.clearTimeout(timer);
  return shown;
}
