import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  notificationPermission,
  requestNotificationPermission,
  showChatNotification,
} from './notifications';
import { FakeNotification, installFakeNotification } from './testNotification';
import { titleWithUnread } from './useInboxNotifications';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('notification permission', () => {
  it('is "unsupported" where the browser has no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(globalThis, 'Notification');
    expect(notificationPermission()).toBe('unsupported');
    expect(await requestNotificationPermission()).toBe('unsupported');
  });

  it('reads the current permission and asks for it', async () => {
    installFakeNotification('default', 'granted');
    expect(notificationPermission()).toBe('default');
    expect(await requestNotificationPermission()).toBe('granted');
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(notificationPermission()).toBe('granted');
  });

  it('reports a refusal', async () => {
    installFakeNotification('default', 'denied');
    expect(await requestNotificationPermission()).toBe('denied');
  });

  it('understands the old callback-only form of requestPermission', async () => {
    installFakeNotification('default');
    FakeNotification.requestPermission.mockImplementationOnce(((
      callback: (p: NotificationPermission) => void,
    ) => {
      FakeNotification.permission = 'granted';
      callback('granted');
      return undefined;
    }) as unknown as () => Promise<NotificationPermission>);
    expect(await requestNotificationPermission()).toBe('granted');
  });
});

describe('showChatNotification', () => {
  const notice = (onOpen = vi.fn()) => ({
    chatId: 'chat-1',
    title: 'Budi Santoso',
    body: 'Halo, stok ada?',
    onOpen,
  });

  it('shows nothing without permission', () => {
    installFakeNotification('denied');
    expect(showChatNotification(notice())).toBeNull();
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('shows one per chat (tagged) and closes it after 10 seconds', () => {
    vi.useFakeTimers();
    installFakeNotification('granted');
    showChatNotification(notice());
    const [shown] = FakeNotification.shown;
    expect(shown?.title).toBe('Budi Santoso');
    expect(shown?.options).toMatchObject({ body: 'Halo, stok ada?', tag: 'sapa-chat-chat-1' });
    vi.advanceTimersByTime(9_999);
    expect(shown?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown?.closed).toBe(true);
  });

  it('opens the chat and brings the tab forward when clicked', () => {
    installFakeNotification('granted');
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const onOpen = vi.fn();
    showChatNotification(notice(onOpen));
    FakeNotification.shown[0]?.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledWith('chat-1');
    expect(FakeNotification.shown[0]?.closed).toBe(true);
  });
});

describe('titleWithUnread', () => {
  it('puts the unread count in front of the title, and nothing when all is read', () => {
    expect(titleWithUnread('Sapa', 3)).toBe('(3) Sapa');
    expect(titleWithUnread('Sapa', 0)).toBe('Sapa');
    expect(titleWithUnread('Sapa', 250)).toBe('(99+) Sapa');
  });
});
