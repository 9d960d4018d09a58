import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import type { Clock } from '../lib/clock.js';
import type { Principal } from '../modules/auth/principal.js';
import type { SessionChange } from '../modules/auth/session-signals.js';
import { presenceRoom, seesPresenceOfOthers } from '../modules/routing/presence-rooms.js';
import { API_ONLY_ROOM, isApiOnlyPerson } from './api-only.js';
import { viewerOf } from './viewer.js';
import {
  adminsRoom,
  personalRoom,
  sessionRoom,
  viewerRooms,
} from '../modules/conversations/index.js';

/** What the socket layer keeps on each socket. */
export interface GuardedSocketData {
  principal: Principal;
  /** `SessionGuard.mark` taken before the handshake's principal was loaded. */
  mark: number;
}

/** Every room a socket of this principal belongs in: what it may see, and who it is. */
export function socketRooms(p: Principal): string[] {
  const own = [personalRoom(p.userId), sessionRoom(p.sessionId)];
  // An API-only account's people see no chats in the app (issue 19 §4): no chat rooms at all.
  const rooms = isApiOnlyPerson(p)
    ? [...own, API_ONLY_ROOM]
    : [...viewerRooms(viewerOf(p)), ...own];
  if (seesPresenceOfOthers(p.role)) rooms.push(presenceRoom(p.accountId));
  if (p.role === 'admin') rooms.push(adminsRoom(p.accountId));
  return rooms;
}

// Long enough to outlive any handshake in flight and the auth cache's 30 s TTL.
const REMEMBER_MS = 5 * 60_000;
const PRUNE_AT = 10_000;
const HARD_CAP = 200_000;

/**
 * Keeps this process's sockets in step with their sessions. A session that ends has its sockets
 * disconnected at once (which takes them out of every room before the next emit); a user whose
 * scope changed has their sockets' rooms recomputed from the database. Changes arrive from
 * `SessionSignals`: the database's notices for every process, and the changing process's own
 * announcement right after its commit.
 *
 * A handshake loads its principal before it joins rooms; a change that lands in between would be
 * missed by the room-based sweep. So every change bumps a sequence number, the handshake records
 * the number it started at (`mark`), and `admit` reloads the principal when its user changed
 * since. Ended sessions are also remembered for a while and refused outright.
 */
export class SessionGuard {
  private seq = 0;
  private resyncedAt = -1;
  private readonly ended = new Map<string, { until: number }>();
  private readonly changed = new Map<string, { seq: number; until: number }>();
  private readonly refreshing = new Map<string, { again: boolean; done: Promise<void> }>();

  constructor(
    private readonly nsp: Namespace,
    private readonly load: (userId: string, sessionId: string) => Promise<Principal | null>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Taken before a handshake loads its principal; passed back to `admit`. */
  get mark(): number {
    return this.seq;
  }

  isEnded(sessionId: string): boolean {
    const entry = this.ended.get(sessionId);
    return entry !== undefined && entry.until > this.clock.now().getTime();
  }

  /**
   * Lets a new socket in: `join` is called with the principal to join with, in the same
   * synchronous step as the last check, so no change can fall between the check and the join.
   * The principal is reloaded while its user changed since `mark`; false when the session is over.
   */
  async admit(principal: Principal, mark: number, join: (p: Principal) => void): Promise<boolean> {
    let current: Principal | null = principal;
    let since = mark;
    while (current && this.changedSince(current.userId, since)) {
      since = this.seq;
      current = await this.fresh(current.userId, current.sessionId);
    }
    if (!current || this.isEnded(current.sessionId)) return false;
    join(current);
    return true;
  }

  /** Acts on a change; the promise settles when the affected sockets have their new rooms. */
  handle(change: SessionChange): Promise<void> {
    this.seq += 1;
    const now = this.clock.now().getTime();
    if (change.kind === 'resync') {
      this.resyncedAt = this.seq;
      return this.refresh(null);
    }
    const until = now + REMEMBER_MS;
    this.remember(this.changed, change.userId, { seq: this.seq, until }, now);
    if (change.kind === 'ended') {
      this.remember(this.ended, change.sessionId, { until }, now);
      for (const socket of this.socketsIn(sessionRoom(change.sessionId))) socket.disconnect(true);
      return Promise.resolve();
    }
    return this.refresh(change.userId);
  }

  private changedSince(userId: string, mark: number): boolean {
    return this.resyncedAt > mark || (this.changed.get(userId)?.seq ?? -1) > mark;
  }

  /** Straight from the database: the auth cache may not have heard of the change yet. */
  private async fresh(userId: string, sessionId: string): Promise<Principal | null> {
    const loaded = await this.load(userId, sessionId);
    // The handshake required the TOTP step already; the loaded row does not carry the token's.
    return loaded && { ...loaded, twoFactorVerified: true };
  }

  /** Re-reads one user's sockets (or every socket, for null); runs once more if asked meanwhile. */
  private refresh(userId: string | null): Promise<void> {
    const key = userId ?? '*';
    const running = this.refreshing.get(key);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: true, done: Promise.resolve() };
    this.refreshing.set(key, state);
    state.done = (async () => {
      try {
        while (state.again) {
          state.again = false;
          const sockets = userId
            ? this.socketsIn(personalRoom(userId))
            : [...this.nsp.sockets.values()];
          await this.rescope(sockets);
        }
      } catch (err) {
        this.log.warn({ err, userId }, 'sockets not re-scoped');
      } finally {
        this.refreshing.delete(key);
      }
    })();
    return state.done;
  }

  private async rescope(sockets: Socket[]): Promise<void> {
    const bySession = new Map<string, Socket[]>();
    for (const socket of sockets) {
      const { sessionId } = (socket.data as GuardedSocketData).principal;
      bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), socket]);
    }
    for (const group of bySession.values()) {
      const { userId, sessionId } = (group[0]!.data as GuardedSocketData).principal;
      const principal = await this.fresh(userId, sessionId);
      for (const socket of group) {
        if (!socket.connected) continue;
        if (!principal || this.isEnded(sessionId)) {
          socket.disconnect(true);
          continue;
        }
        const want = new Set(socketRooms(principal));
        for (const room of [...socket.rooms])
          if (room !== socket.id && !want.has(room)) void socket.leave(room);
        void socket.join([...want]);
        (socket.data as GuardedSocketData).principal = principal;
      }
    }
  }

  private socketsIn(room: string): Socket[] {
    const ids = this.nsp.adapter.rooms.get(room);
    if (!ids) return [];
    const sockets: Socket[] = [];
    for (const id of ids) {
      const socket = this.nsp.sockets.get(id);
      if (socket) sockets.push(socket);
    }
    return sockets;
  }

  /** Entries are kept in insertion order, which is expiry order: the stale ones lead. */
  private remember<V extends { until: number }>(
    map: Map<string, V>,
    key: string,
    value: V,
    now: number,
  ): void {
    map.delete(key);
    map.set(key, value);
    if (map.size < PRUNE_AT) return;
    for (const [k, v] of map) {
      if (v.until > now && map.size < HARD_CAP) break;
      map.delete(k);
    }
  }
}
