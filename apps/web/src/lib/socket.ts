import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENTS,
  DASHBOARD_UNWATCH_EVENT,
  DASHBOARD_WATCH_EVENT,
  LIMITS,
  MESSAGES,
  type Ack,
  type Chat,
  type IsUserInitiateEvent,
  type Message,
  type sendMessageBodySchema,
} from '@sapa/contracts';
import type { z } from 'zod';
import { dashboardKeys } from '../features/home/keys';
import { inboxKeys } from '../features/inbox/cache';
import { refreshAccessToken } from './http';
import { translateMessage } from './messages';
import { notifyError, notifySuccess } from './notify';
import { queryClient as defaultQueryClient } from './queryClient';
import { SERVER_EVENT_HANDLERS, type RealtimeContext, type RealtimeViewer } from './socketEvents';
import { clearAlerts, raiseInboxAlert } from '../features/inbox/actions/alertsStore';
import { getToken } from './storage';

/** Client events that answer through an acknowledgement, with their payload and answer. */
export interface ClientAckEvents {
  [CLIENT_EVENTS.newMessageOut]: { payload: z.input<typeof sendMessageBodySchema>; data: Message };
  [CLIENT_EVENTS.openChat]: { payload: { chatId: string }; data: Chat };
  [CLIENT_EVENTS.getIsUserInitiate]: { payload: { chatId: string }; data: IsUserInitiateEvent };
  [CLIENT_EVENTS.blockChat]: { payload: { chatId: string }; data: { chat: Chat } };
  [CLIENT_EVENTS.archiveChat]: { payload: { chatId: string }; data: { chat: Chat } };
  [CLIENT_EVENTS.unarchiveChat]: { payload: { chatId: string }; data: { chat: Chat } };
  /** The dashboard is on screen: the server sends it `dashboard.updated` (issue 18). */
  [DASHBOARD_WATCH_EVENT]: { payload: Record<string, never>; data: { watching: boolean } };
  [DASHBOARD_UNWATCH_EVENT]: { payload: Record<string, never>; data: { watching: boolean } };
}
export type ClientAckEvent = keyof ClientAckEvents;

/** An acknowledgement with `ok: false`, or no answer in time. `message` is the server's text. */
export class SocketAckError extends Error {
  readonly code?: string;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SocketAckError';
    if (code !== undefined) this.code = code;
  }
}

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** The server refuses these handshakes until the token is refreshed. */
const REFRESHABLE = new Set<string>([MESSAGES.sessionExpired, MESSAGES.unauthorized]);
/** Refresh attempts in a row before giving up, so a server that keeps refusing is not hammered. */
const MAX_AUTH_RETRIES = 2;

let socket: Socket | null = null;
/** Dashboards on screen (see watchDashboard); the room is joined while there is at least one. */
let dashboardWatchers = 0;
let state: ConnectionState = 'idle';
const stateListeners = new Set<() => void>();
const context: RealtimeContext = {
  queryClient: defaultQueryClient,
  userId: null,
  viewer: null,
  activeChatId: null,
  resolvedChatIds: new Set(),
  markRead: (chatId) => {
    void emitWithAck(CLIENT_EVENTS.openChat, { chatId }).catch(() => undefined);
  },
  notifyError: (text) =>
    notifyError(
      translateMessage(text === MESSAGES.windowClosedCode ? MESSAGES.windowClosed : text),
    ),
  notifySuccess: (text, id) => notifySuccess(text, id === undefined ? {} : { id }),
  alert: raiseInboxAlert,
};

function setState(next: ConnectionState): void {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener();
}

function isActive(s: Socket): boolean {
  return s.connected || s.active;
}

/**
 * The session's one socket (spec §4 "Socket"): created on first use after sign-in, reconnecting
 * with the spec's §9 settings, and closed by `disconnectSocket` when the session ends. Calling it
 * again reuses the live socket.
 */
export function connectSocket(options: {
  queryClient: QueryClient;
  userId: string | null;
  /** Role and division-only view for the §4 rules; left as is when a caller omits it. */
  viewer?: RealtimeViewer | null;
}): Socket {
  context.queryClient = options.queryClient;
  context.userId = options.userId;
  if (options.viewer !== undefined) context.viewer = options.viewer;
  if (socket) {
    if (!isActive(socket)) socket.connect();
    return socket;
  }

  const { min, max, jitter, timeout } = LIMITS.socketReconnect;
  const s = io({
    path: '/socket.io',
    // A function, so every reconnect presents the token current at that moment.
    auth: (cb) => cb({ token: getToken() ?? '' }),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: min,
    reconnectionDelayMax: max,
    randomizationFactor: jitter,
    timeout,
    transports: ['websocket', 'polling'],
  });
  socket = s;
  setState('connecting');

  let authRetries = 0;

  s.on('connect', () => {
    authRetries = 0;
    setState('connected');
    // Events sent while the socket was not in its rooms are lost: after a reconnect, and also on
    // the first connect, because /chat fetches its lists while the handshake is still under way
    // (a customer writing in that gap would never show). The server joins the rooms before its
    // CONNECT reaches us, so a fetch started now misses nothing. A page with no inbox query
    // loaded fetches nothing here.
    void context.queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    // A new connection is in no room the last one joined: watch again, and read the floor once,
    // as the nudges sent while the socket was away are lost.
    if (dashboardWatchers > 0) {
      emitDashboardWatch(DASHBOARD_WATCH_EVENT);
      void context.queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    }
  });
  s.on('disconnect', () => {
    if (socket === s) setState(s.active ? 'reconnecting' : 'offline');
  });
  s.on('connect_error', (error: Error) => {
    if (socket !== s) return;
    // A transport failure: the manager retries by itself with back-off.
    if (s.active) return setState('reconnecting');
    // The server refused the handshake: only a fresh token can change its mind.
    if (!REFRESHABLE.has(error.message) || authRetries >= MAX_AUTH_RETRIES) {
      return setState('offline');
    }
    authRetries += 1;
    setState('reconnecting');
    void refreshAccessToken().then((token) => {
      if (socket !== s) return;
      if (token) s.connect();
      else setState('offline');
    });
  });

  for (const [event, handler] of Object.entries(SERVER_EVENT_HANDLERS)) {
    s.on(event, (payload: unknown) => handler(context, payload));
  }
  for (const [event, listeners] of screenListeners) {
    for (const listener of listeners) s.on(event, listener);
  }
  return s;
}

type ServerEventListener = (payload: unknown) => void;
/** Listeners of screens (notifications, counters), kept across reconnects and new sockets. */
const screenListeners = new Map<string, Set<ServerEventListener>>();

/**
 * Lets a screen follow a server event beside the cache table of socketEvents.ts (which stays the
 * one place that updates the cache). Returns the unsubscribe function.
 */
export function onServerEvent(event: string, listener: ServerEventListener): () => void {
  let listeners = screenListeners.get(event);
  if (!listeners) {
    listeners = new Set();
    screenListeners.set(event, listeners);
  }
  listeners.add(listener);
  socket?.on(event, listener);
  return () => {
    screenListeners.get(event)?.delete(listener);
    socket?.off(event, listener);
  };
}

function emitDashboardWatch(event: typeof DASHBOARD_WATCH_EVENT | typeof DASHBOARD_UNWATCH_EVENT) {
  // A refused or lost watch leaves the minute's poll; the next connect tries again.
  if (socket?.connected) void emitWithAck(event, {}).catch(() => undefined);
}

/**
 * A dashboard came on screen: the server sends `dashboard.updated` only to sockets that emitted
 * `dashboard.watch`. Watches now if connected, and again on every (re)connect while any
 * dashboard is mounted; the returned function unwatches when the last one leaves.
 */
export function watchDashboard(): () => void {
  dashboardWatchers += 1;
  if (dashboardWatchers === 1) emitDashboardWatch(DASHBOARD_WATCH_EVENT);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    dashboardWatchers -= 1;
    if (dashboardWatchers === 0) emitDashboardWatch(DASHBOARD_UNWATCH_EVENT);
  };
}

/** Spec §4: logout clears the socket. Safe to call with no socket. */
export function disconnectSocket(): void {
  const s = socket;
  socket = null;
  context.activeChatId = null;
  context.viewer = null;
  context.resolvedChatIds.clear();
  clearAlerts();
  if (s) {
    s.removeAllListeners();
    s.disconnect();
  }
  setState('idle');
}

/** The chat on screen: its incoming messages are marked read as they arrive. */
export function setActiveChat(chatId: string | null): void {
  context.activeChatId = chatId;
}

export function isSocketConnected(): boolean {
  return socket?.connected ?? false;
}

function isAck(value: unknown): value is Ack {
  return !!value && typeof value === 'object' && typeof (value as Ack).ok === 'boolean';
}

/** Emits a client event and resolves with the acknowledgement's data (or rejects). */
export async function emitWithAck<E extends ClientAckEvent>(
  event: E,
  payload: ClientAckEvents[E]['payload'],
): Promise<ClientAckEvents[E]['data']> {
  if (!socket) throw new SocketAckError(MESSAGES.serverNotResponding, 'NO_SOCKET');
  let answer: unknown;
  try {
    answer = await socket.timeout(LIMITS.socketReconnect.timeout).emitWithAck(event, payload);
  } catch {
    throw new SocketAckError(MESSAGES.serverNotResponding, 'TIMEOUT');
  }
  if (!isAck(answer)) throw new SocketAckError(MESSAGES.serverNotResponding, 'BAD_ACK');
  if (!answer.ok) throw new SocketAckError(answer.message, answer.code);
  // The server's handlers answer with the contract's shapes (apps/server socket-handlers).
  return answer.data as ClientAckEvents[E]['data'];
}

function subscribeState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

export function getConnectionState(): ConnectionState {
  return state;
}

/** The socket's connection state, for a "reconnecting" hint. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeState, getConnectionState, getConnectionState);
}
