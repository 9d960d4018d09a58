import type { Server as HttpServer } from 'node:http';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { MESSAGES, type Ack } from '@sapa/contracts';
import { guardPool } from '../db/database.js';
import type { Deps } from '../deps.js';
import { connectionErrorLogger } from '../lifecycle.js';
import type { AuthService } from '../modules/auth/service.js';
import type { Principal } from '../modules/auth/principal.js';
import { PresenceProcess } from '../modules/routing/presence-process.js';
import { trackPresence } from '../modules/routing/presence-socket.js';
import { assertApiOnlyMayCall } from '../http/api-only.js';
import { API_ONLY_ROOM, API_ONLY_SOCKET_EVENTS } from './api-only.js';
import { EventRelay, type RelayedEmit } from './relay.js';
import { routeEvent } from './routing.js';
import { SessionGuard, socketRooms, type GuardedSocketData } from './session-guard.js';

/** A client event's handler; `socket` lets one join rooms for the caller (a page being watched). */
export type ClientEventHandler = (
  principal: Principal,
  payload: unknown,
  socket: Socket,
) => Promise<unknown>;

type SocketData = GuardedSocketData;

export interface ClientEventOptions {
  /** Like the HTTP route flag: may the people of an API-only account emit it? (default: no) */
  apiOnlyAllowed?: boolean;
}

interface RegisteredHandler {
  handler: ClientEventHandler;
  options: ClientEventOptions;
}

/**
 * Socket.IO on the server's port. The handshake carries the access token as `auth.token`;
 * expired, revoked and 2FA-pending tokens are refused. Several processes share events through
 * the Postgres adapter (Redis when REDIS_URL is set). Open sockets follow their session: ended,
 * they are disconnected; re-scoped, they change rooms (`SessionGuard`).
 */
export class Realtime {
  readonly io: Server;
  private readonly handlers = new Map<string, RegisteredHandler>();
  private redisClients: { quit(): Promise<unknown> }[] = [];
  private adapterPool: pg.Pool | null = null;
  private relay: EventRelay | null = null;
  private unsubscribe: (() => void) | null = null;
  private unwatchSessions: (() => void) | null = null;
  private readonly presence: PresenceProcess;
  private readonly guard: SessionGuard;

  private constructor(
    private readonly deps: Deps,
    private readonly auth: AuthService,
    io: Server,
  ) {
    this.io = io;
    this.presence = new PresenceProcess(deps);
    this.guard = new SessionGuard(
      io.of('/'),
      (userId, sessionId) => auth.freshPrincipal(userId, sessionId),
      deps.clock,
      deps.log,
    );
  }

  static async create(deps: Deps, auth: AuthService, httpServer?: HttpServer): Promise<Realtime> {
    const io = new Server({
      path: '/socket.io',
      serveClient: false,
      connectionStateRecovery: undefined,
    });
    const realtime = new Realtime(deps, auth, io);
    await realtime.attachAdapter();
    await realtime.presence.start();
    if (httpServer) io.attach(httpServer);

    // Before any socket can connect: a session that ends from here on is heard.
    realtime.unwatchSessions = deps.authCache.sessions.on((change) =>
      realtime.guard.handle(change),
    );
    io.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (typeof token !== 'string' || !token) return next(new Error(MESSAGES.unauthorized));
      const mark = realtime.guard.mark;
      auth
        .authenticate(token)
        .then((principal) => {
          if (!principal || realtime.guard.isEnded(principal.sessionId))
            return next(new Error(MESSAGES.sessionExpired));
          if (principal.twoFactorEnabled && !principal.twoFactorVerified)
            return next(new Error(MESSAGES.twoFactorRequired));
          Object.assign(socket.data as SocketData, { principal, mark });
          next();
        })
        .catch(() => next(new Error(MESSAGES.serverNotResponding)));
    });
    io.on('connection', (socket) => realtime.onConnection(socket));
    // Domain events: to this process's sockets at once, to other processes through the relay.
    const relay = new EventRelay(realtime.adapterPool ?? deps.pool, deps.log, (e) =>
      realtime.emitLocally(e),
    );
    await relay.start(deps.pool.options.connectionString ?? '');
    realtime.relay = relay;
    realtime.unsubscribe = deps.events.subscribe((event) => {
      for (const out of routeEvent(event)) {
        realtime.emitLocally(out);
        relay.publish(out);
      }
    });
    return realtime;
  }

  /** Registers the handler of a client-emitted event; its result or error goes to the ack. */
  on(event: string, handler: ClientEventHandler, options: ClientEventOptions = {}): void {
    this.handlers.set(event, { handler, options });
  }

  /** The client events handled, with their options (tests walk them like the HTTP routes). */
  clientEvents(): { event: string; options: ClientEventOptions }[] {
    return [...this.handlers].map(([event, { options }]) => ({ event, options }));
  }

  /**
   * To this process's sockets in the event's rooms; an event the pages of API-only accounts do
   * not show skips their people's sockets even when they share a room with its audience.
   */
  emitLocally(out: RelayedEmit): void {
    const target = this.io.local.to(out.rooms);
    (API_ONLY_SOCKET_EVENTS.has(out.name) ? target : target.except(API_ONLY_ROOM)).emit(
      out.name,
      out.payload,
    );
  }

  async close(): Promise<void> {
    // First, while events still reach other processes: this process's sockets leave presence.
    await withinMs(
      this.presence
        .close()
        .catch(connectionErrorLogger(this.deps.log, 'presence not released at shutdown')),
      2_000,
    );
    this.unsubscribe?.();
    this.unwatchSessions?.();
    await this.relay?.close();
    this.io.disconnectSockets(true);
    // io.close() also closes the HTTP server Fastify already closed; never let that hang a stop.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      timer.unref();
      this.io.close(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    await Promise.all(this.redisClients.map((c) => c.quit().catch(() => undefined)));
    if (this.adapterPool) await withinMs(this.adapterPool.end(), 2_000);
  }

  private async attachAdapter(): Promise<void> {
    if (this.deps.config.redisUrl) {
      const pub = createClient({ url: this.deps.config.redisUrl });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      this.redisClients = [pub, sub];
      this.io.adapter(createRedisAdapter(pub, sub));
      return;
    }
    // Its own pool: the adapter holds a LISTEN connection for the process's lifetime, and a
    // connect still pending at shutdown must never keep the main pool from closing.
    this.adapterPool = new pg.Pool({
      connectionString: this.deps.pool.options.connectionString,
      max: 3,
    });
    guardPool(this.adapterPool, connectionErrorLogger(this.deps.log, 'socket.io adapter pool'));
    this.io.adapter(
      createPostgresAdapter(this.adapterPool, {
        tableName: 'socket_io_attachments',
        errorHandler: connectionErrorLogger(this.deps.log, 'socket.io adapter'),
      }),
    );
  }

  private async onConnection(socket: Socket): Promise<void> {
    const data = socket.data as SocketData;
    socket.onAny((event: string, ...args: unknown[]) => {
      const registered = this.handlers.get(event);
      const maybeAck = args[args.length - 1];
      const ack = typeof maybeAck === 'function' ? (maybeAck as (r: Ack) => void) : null;
      if (!registered) {
        ack?.({ ok: false, message: `Unknown event ${event}`, code: 'UNKNOWN_EVENT' });
        return;
      }
      void this.dispatch(socket, data.principal, registered, args[0], ack);
    });
    const admitted = await this.guard
      .admit(data.principal, data.mark, (principal) => {
        if (!socket.connected) return;
        data.principal = principal;
        void socket.join(socketRooms(principal));
        void trackPresence(this.deps, this.presence, socket, principal);
      })
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, 'socket session not checked; disconnected');
        return false;
      });
    if (!admitted) socket.disconnect(true);
  }

  private async dispatch(
    socket: Socket,
    principal: Principal,
    { handler, options }: RegisteredHandler,
    payload: unknown,
    ack: ((r: Ack) => void) | null,
  ) {
    // Re-check the session on every event: a deactivated user or revoked session stops at once.
    const session = await this.auth.sessionPrincipal(principal.userId, principal.sessionId);
    if (!session) {
      ack?.({ ok: false, message: MESSAGES.sessionExpired, code: 'SESSION_ENDED' });
      socket.disconnect(true);
      return;
    }
    // The handshake already required the TOTP step; a copy keeps the cached principal untouched.
    const fresh: Principal = { ...session, twoFactorVerified: true };
    try {
      // The same refusal as the HTTP side, from the session as it is now.
      assertApiOnlyMayCall(fresh, options);
      const data = await handler(fresh, payload, socket);
      ack?.({ ok: true, data });
    } catch (err) {
      const e = err as { message?: string; code?: string; statusCode?: number };
      if (!e.statusCode || e.statusCode >= 500)
        this.deps.log.error({ err }, 'socket handler failed');
      ack?.({
        ok: false,
        message:
          e.statusCode && e.statusCode < 500
            ? (e.message ?? MESSAGES.someError)
            : MESSAGES.serverNotResponding,
        ...(e.code ? { code: e.code } : {}),
      });
    }
  }
}

function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void promise
      .catch(() => undefined)
      .then(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
