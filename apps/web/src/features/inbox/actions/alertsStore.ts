import { useSyncExternalStore } from 'react';
import { LIMITS } from '@sapa/contracts';
import { message } from '../../../lib/messages';
import type { InboxAlertEvent } from '../../../lib/socketEvents';

/**
 * Inbox alerts (spec §4): banners above the chat list that say why a chat just left it. They
 * live outside React so the socket's event table (plain functions) can raise them.
 */
export interface InboxAlert {
  id: string;
  /** Already translated text. */
  text: string;
  color: 'orange' | 'red' | 'blue';
}

let alerts: readonly InboxAlert[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissAlert(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!alerts.some((a) => a.id === id)) return;
  alerts = alerts.filter((a) => a.id !== id);
  emit();
}

/** Shows an alert for `durationMs` (60 s by default); the same id replaces the earlier one. */
export function pushAlert(alert: InboxAlert, durationMs: number = LIMITS.assignmentAlertMs): void {
  const previous = timers.get(alert.id);
  if (previous) clearTimeout(previous);
  alerts = [alert, ...alerts.filter((a) => a.id !== alert.id)];
  timers.set(
    alert.id,
    setTimeout(() => dismissAlert(alert.id), durationMs),
  );
  emit();
}

export function clearAlerts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  alerts = [];
  emit();
}

export function getAlerts(): readonly InboxAlert[] {
  return alerts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useInboxAlerts(): readonly InboxAlert[] {
  return useSyncExternalStore(subscribe, getAlerts, getAlerts);
}

/** The socket's §4 alerts, in the current language. */
export function raiseInboxAlert(event: InboxAlertEvent): void {
  const text =
    event.kind === 'assignedToAnother'
      ? message('assignedToAnother').replace('{name}', event.name)
      : message(event.kind);
  pushAlert({
    id: `${event.kind}-${event.chatId}`,
    text,
    color: event.kind === 'contactBlocked' ? 'red' : 'orange',
  });
}
