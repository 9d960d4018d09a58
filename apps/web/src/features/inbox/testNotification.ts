import { vi } from 'vitest';

/** A stand-in for the browser's Notification API, recording what the app showed. */
export class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });

  readonly title: string;
  readonly options: NotificationOptions;
  closed = false;
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(title: string, options: NotificationOptions = {}) {
    this.title = title;
    this.options = options;
    FakeNotification.shown.push(this);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

/** Installs the fake with a starting permission; `answer` is what asking will return. */
export function installFakeNotification(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
): void {
  FakeNotification.permission = permission;
  FakeNotification.answer = answer;
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
}
