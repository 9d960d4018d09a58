import type { Presence, PresenceStatus } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Principal } from '../auth/principal.js';
import { isOnline, presenceRepo, type PresenceRow } from './presence.repo.js';

export function presentPresence(row: PresenceRow): Presence {
  return {
    userId: row.user_id,
    name: row.name,
    role: row.role,
    status: row.status,
    online: isOnline(row),
    connected: row.connections > 0,
    lastSeenAt: row.last_seen_at ? row.last_seen_at.toISOString() : null,
  };
}

type Who = Pick<Principal, 'accountId' | 'userId'>;

/**
 * Presence of the account's users. Sockets connecting and disconnecting, and the user's own
 * online/away switch, change it; `presence.updated` is announced only when what others see
 * (status, online, connected) actually changed.
 */
export class PresenceService {
  /** `processId`: the process whose sockets this service counts (see PresenceProcess). */
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'events'>,
    private readonly processId: string | null = null,
  ) {}

  connected(who: Who): Promise<Presence | null> {
    return this.apply(who, presenceRepo.connected(this.requireProcess()));
  }

  disconnected(who: Who): Promise<Presence | null> {
    return this.apply(who, presenceRepo.disconnected(this.requireProcess()));
  }

  private requireProcess(): string {
    if (!this.processId) throw new Error('socket presence needs the process it is counted in');
    return this.processId;
  }

  async set(who: Who, status: PresenceStatus): Promise<Presence> {
    const after = await this.apply(who, presenceRepo.setStatus(status));
    if (after) return after;
    // The user was removed a moment ago; their session is on its way out too.
    throw new Error('presence of a missing user');
  }

  /** Managers see everyone in the account; agents see themselves. */
  async list(principal: Principal): Promise<Presence[]> {
    const own = principal.role === 'agent' ? principal.userId : undefined;
    const rows = await presenceRepo.list(this.deps.db, principal.accountId, own);
    return rows.map(presentPresence);
  }

  private async apply(
    who: Who,
    change: Parameters<typeof presenceRepo.change>[4],
  ): Promise<Presence | null> {
    const { before, after } = await presenceRepo.change(
      this.deps.db,
      who.accountId,
      who.userId,
      this.deps.clock.now(),
      change,
    );
    if (!after) return null;
    const next = presentPresence(after);
    const prev = before ? presentPresence(before) : null;
    if (
      !prev ||
      prev.status !== next.status ||
      prev.online !== next.online ||
      prev.connected !== next.connected
    )
      this.deps.events.publish({
        type: 'presence.updated',
        accountId: who.accountId,
        presence: next,
      });
    return next;
  }
}
