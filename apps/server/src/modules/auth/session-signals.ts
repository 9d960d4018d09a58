/**
 * What the socket layer must hear about sessions: one ended, a user's scope changed, or notices
 * may have been missed (the listening connection was lost) and everything must be checked again.
 */
export type SessionChange =
  | { kind: 'ended'; sessionId: string; userId: string }
  | { kind: 'scope'; userId: string }
  | { kind: 'resync' };

/** The channel the triggers of migrations/0031 notify. */
export const SESSIONS_CHANNEL = 'sapa_sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'end:<session>:<user>' or 'user:<user>'; anything else is ignored. */
export function parseSessionNotice(raw: string): SessionChange | null {
  const [kind, a = '', b = ''] = raw.split(':');
  if (kind === 'end' && UUID.test(a) && UUID.test(b))
    return { kind: 'ended', sessionId: a, userId: b };
  if (kind === 'user' && UUID.test(a)) return { kind: 'scope', userId: a };
  return null;
}

type Listener = (change: SessionChange) => Promise<void> | void;

/**
 * The per-process fan-out of session changes. The database's notices arrive here (see
 * AuthCache.listen) for every process; the process that made a change also announces it itself
 * right after its commit, so its own sockets never wait for the round trip of the notice.
 * Hearing a change twice is harmless: ending and re-scoping are idempotent.
 */
export class SessionSignals {
  private readonly listeners = new Set<Listener>();

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Settles when every listener has acted (sockets re-scoped), so a caller may wait for it; never
   * rejects, since a listener's failure is its own to report and must not fail the caller.
   */
  async announce(change: SessionChange): Promise<void> {
    await Promise.allSettled([...this.listeners].map(async (listener) => listener(change)));
  }

  /** Sessions that a committed statement ended (rows from `RETURNING id, user_id`). */
  ended(rows: readonly { id: string; user_id: string }[]): void {
    // Ending is synchronous in every listener; nothing to wait for.
    for (const row of rows)
      void this.announce({ kind: 'ended', sessionId: row.id, userId: row.user_id });
  }
}
