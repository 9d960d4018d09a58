import type { QueryClient } from '@tanstack/react-query';
import { wabasicStateEventSchema, type WabasicStatus } from '@sapa/contracts';
import { serviceKeys } from '../api';

export const wabasicKeys = {
  all: ['wabasic'] as const,
  status: (channel: string) => ['wabasic', 'status', channel] as const,
  qr: (channel: string) => ['wabasic', 'qr', channel] as const,
  user: (channel: string) => ['wabasic', 'user', channel] as const,
};

/**
 * Puts a status the server answered or pushed into the cache, and what follows from it. The
 * state before, so a caller can tell a change (a toast when the phone unlinked the number).
 */
export function putStatus(
  queryClient: QueryClient,
  status: WabasicStatus,
): WabasicStatus | undefined {
  if (!status.channel) return undefined;
  const before = queryClient.getQueryData<WabasicStatus>(wabasicKeys.status(status.channel));
  queryClient.setQueryData(wabasicKeys.status(status.channel), status);
  if (before?.state !== status.state) {
    // Connected: the number and its name are known now; any change: the channel lists' badges.
    void queryClient.invalidateQueries({ queryKey: wabasicKeys.user(status.channel) });
    void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
  }
  return before;
}

/**
 * `wabasic.state` (admins, lib/socketEvents.ts): a number's state or QR changed; the status
 * and the QR replace the cached ones, so the pages follow without polling. Returns the status
 * and whether the number has just become logged out, or null for a payload this build cannot
 * read (then everything WhatsApp basic is asked again).
 */
export function applyWabasicState(
  queryClient: QueryClient,
  payload: unknown,
): { status: WabasicStatus; newlyLoggedOut: boolean } | null {
  const parsed = wabasicStateEventSchema.safeParse(payload);
  if (!parsed.success) {
    void queryClient.invalidateQueries({ queryKey: wabasicKeys.all });
    return null;
  }
  const { status, qr } = parsed.data;
  const before = putStatus(queryClient, status);
  if (qr.channel) queryClient.setQueryData(wabasicKeys.qr(qr.channel), qr);
  return {
    status,
    newlyLoggedOut: status.state === 'logged_out' && before?.state !== 'logged_out',
  };
}
