import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  wabasicPairingCodeSchema,
  wabasicQrSchema,
  wabasicStatusSchema,
  wabasicUserSchema,
  type WabasicGroupsBody,
  type WabasicLinkBody,
  type WabasicPairingBody,
  type WabasicState,
} from '@sapa/contracts';
import { api } from '../../../lib/http';
import { useConnectionState } from '../../../lib/socket';
import { serviceKeys } from '../api';
import { putStatus, wabasicKeys } from './cache';

export { wabasicKeys } from './cache';

/** States that change by themselves soon (a QR rotates, a session opens): worth watching. */
const MOVING: ReadonlySet<WabasicState> = new Set(['linking', 'connecting', 'reconnecting']);

/** How often to ask when the socket is down and the state is moving (the QR lives ~20 s). */
export const WABASIC_POLL_MS = 3_000;

function query(channel: string): { params: { channel: string } } {
  return { params: { channel } };
}

/**
 * The page follows a number without polling while the socket is up (`wabasic.state` carries
 * the status and the QR); when it is down, it falls back to asking every few seconds, but only
 * while the state is one that moves by itself.
 */
function pollWhile(moving: boolean, socketUp: boolean): number | false {
  return moving && !socketUp ? WABASIC_POLL_MS : false;
}

/** `GET users/light/status?channel=`: where one linked number stands. */
export function useWabasicStatus(channel: string, options: { follow?: boolean } = {}) {
  const socketUp = useConnectionState() === 'connected';
  return useQuery({
    queryKey: wabasicKeys.status(channel),
    queryFn: async ({ signal }) =>
      wabasicStatusSchema.parse(
        await api.get<unknown>('users/light/status', { ...query(channel), signal }),
      ),
    refetchInterval: (q) =>
      options.follow ? pollWhile(MOVING.has(q.state.data?.state ?? 'unlinked'), socketUp) : false,
  });
}

/** `GET users/light/qrcode?channel=`: the QR on offer while linking. */
export function useWabasicQr(channel: string, enabled: boolean) {
  const socketUp = useConnectionState() === 'connected';
  return useQuery({
    queryKey: wabasicKeys.qr(channel),
    queryFn: async ({ signal }) =>
      wabasicQrSchema.parse(
        await api.get<unknown>('users/light/qrcode', { ...query(channel), signal }),
      ),
    enabled,
    refetchInterval: (q) => pollWhile(q.state.data?.state !== 'connected', socketUp),
  });
}

/** `GET users/light/user?channel=`: the linked number and its WhatsApp name. */
export function useWabasicUser(channel: string, enabled: boolean) {
  return useQuery({
    queryKey: wabasicKeys.user(channel),
    queryFn: async ({ signal }) =>
      wabasicUserSchema.parse(
        await api.get<unknown>('users/light/user', { ...query(channel), signal }),
      ),
    enabled,
  });
}

/** `POST users/light/link`: a new number (with a name) or a re-link (with its channel). */
export function useLinkNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WabasicLinkBody) =>
      wabasicStatusSchema.parse(await api.post<unknown>('users/light/link', { body })),
    onSuccess: (status) => {
      putStatus(queryClient, status);
      if (status.channel)
        void queryClient.invalidateQueries({ queryKey: wabasicKeys.qr(status.channel) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}

/** `POST users/light/unlink`: logs the device out; the channel and its chats stay. */
export function useUnlinkNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channel: string) =>
      wabasicStatusSchema.parse(
        await api.post<unknown>('users/light/unlink', { body: { channel } }),
      ),
    onSuccess: (status) => {
      putStatus(queryClient, status);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}

/** `POST users/light/groups`: the number's group chats reach the inbox, or not. */
export function useSetGroupChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WabasicGroupsBody) =>
      wabasicStatusSchema.parse(await api.post<unknown>('users/light/groups', { body })),
    onSuccess: (status) => {
      putStatus(queryClient, status);
    },
  });
}

/** `POST users/light/pairing-code`: the 8-character code to type on the phone instead. */
export function usePairingCode() {
  return useMutation({
    mutationFn: async (body: WabasicPairingBody) =>
      wabasicPairingCodeSchema.parse(await api.post<unknown>('users/light/pairing-code', { body })),
  });
}
