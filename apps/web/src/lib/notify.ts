import { notifications } from '@mantine/notifications';
import { LIMITS } from '@sapa/contracts';
import { markToastShown } from './toastSignal';

export const TOAST_POSITION = 'top-center' as const;

function show(data: Parameters<typeof notifications.show>[0]): void {
  notifications.show(data);
  markToastShown();
}

interface NotifyOptions {
  /** Same id twice shows one toast (e.g. a guard re-running under React strict mode). */
  id?: string;
  title?: string;
}

/** Green toast, 2.5 s, top (spec §8). Pass an already translated message. */
export function notifySuccess(message: string, options: NotifyOptions = {}): void {
  show({
    ...options,
    message,
    color: 'green',
    autoClose: LIMITS.toastMs,
    position: TOAST_POSITION,
  });
}

/** Red toast, 2.5 s, top (spec §8). Pass an already translated message. */
export function notifyError(message: string, options: NotifyOptions = {}): void {
  show({
    ...options,
    message,
    color: 'red',
    autoClose: LIMITS.toastMs,
    position: TOAST_POSITION,
  });
}
