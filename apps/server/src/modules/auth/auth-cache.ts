import pg from 'pg';
import type { User } from '@sapa/contracts';
import type { Clock } from '../../lib/clock.js';
import type { TokenPayload } from '@sapa/contracts';
import type { KeyPrincipal, Principal } from './principal.js';
import { parseSessionNotice, SESSIONS_CHANNEL, SessionSignals } from './session-signals.js';

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
// A bearer that is no key is remembered as such only briefly and in a bounded map: enough to
// turn a flood of the same guess into one read, never a place a flood of distinct guesses grows.
const MISS_TTL_MS = 10_000;
const MAX_MISSES = 10_000;
/** Notified when a key is created, so a hash another process remembers as no key is forgotten. */
export const API_KEY_CREATED_CHANNEL = 'sapa_api_key_created';

/** An API key as the auth hook needs it: checked against the clock and the switch each time. */
export interface CachedApiKey {
  principal: KeyPrincipal;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** The account's `enable_rest_api`, loaded with the key (its writes notify like the key's). */
  restApiEnabled: boolean;
}

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * Per-process cache of who is calling: verified token claims, the principal of each session, and
 * the user's profile view. It saves the two database round trips every authenticated request
 * would otherwise make. It is dropped whenever the data behind it changes:
 * - in this process, right after any committed write to the auth tables (see `watchPool`);
 * - in other processes, by NOTIFY from database triggers (migrations/0011) via `listen`.
 * A generation counter stops a load that raced an invalidation from storing stale data; a short
 * TTL bounds any staleness if a notification is ever missed.
 * The same connection hears the session notices the sockets act on (`sessions`): one listener,
 * and the cache is always dropped before the sockets hear of a change.
 */
export class AuthCache {
  readonly sessions = new SessionSignals();
  private readonly tokens = new Map<string, TokenPayload>();
  private readonly principals = new Map<string, Entry<Principal>>();
  private readonly users = new Map<string, Entry<User>>();
  private readonly apiKeys = new Map<string, Entry<CachedApiKey>>();
  private readonly apiKeyMisses = new Map<string, number>();
  private generation = 0;
  private missGeneration = 0;
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(private readonly clock: Clock) {}

  get currentGeneration(): number {
    return this.generation;
  }

  invalidateAll(): void {
    this.generation++;
    this.principals.clear();
    this.users.clear();
    this.apiKeys.clear();
    this.forgetApiKeyMisses();
  }

  /**
   * A key was created (here or, through NOTIFY, in another process): any hash remembered as no
   * key may be that key now. Only the misses go; sessions and known keys are unaffected.
   */
  forgetApiKeyMisses(): void {
    this.missGeneration++;
    this.apiKeyMisses.clear();
  }

  get currentMissGeneration(): number {
    return this.missGeneration;
  }

  /** True while this hash was recently looked up and matched no key. */
  isApiKeyMiss(hash: string): boolean {
    const until = this.apiKeyMisses.get(hash);
    if (until === undefined) return false;
    if (until > this.clock.now().getTime()) return true;
    this.apiKeyMisses.delete(hash);
    return false;
  }

  /** Unless a key was created since the lookup began (`generation`), which may be this one. */
  rememberApiKeyMiss(hash: string, generation: number): void {
    if (generation !== this.missGeneration) return;
    const misses = this.apiKeyMisses;
    misses.delete(hash);
    if (misses.size >= MAX_MISSES) {
      const oldest = misses.keys().next().value;
      if (oldest !== undefined) misses.delete(oldest);
    }
    misses.set(hash, this.clock.now().getTime() + MISS_TTL_MS);
  }

  claims(token: string): TokenPayload | undefined {
    const c = this.tokens.get(token);
    if (c && c.exp * 1000 <= this.clock.now().getTime()) {
      this.tokens.delete(token);
      return undefined;
    }
    return c;
  }

  rememberClaims(token: string, claims: TokenPayload): void {
    bounded(this.tokens).set(token, claims);
  }

  principal(sessionId: string): Principal | undefined {
    return this.fresh(this.principals, sessionId);
  }

  rememberPrincipal(sessionId: string, principal: Principal, generation: number): void {
    if (generation === this.generation)
      bounded(this.principals).set(sessionId, {
        value: principal,
        until: this.clock.now().getTime() + TTL_MS,
      });
  }

  /** By the hex SHA-256 of the whole key, never the key itself. */
  apiKey(hash: string): CachedApiKey | undefined {
    return this.fresh(this.apiKeys, hash);
  }

  rememberApiKey(hash: string, key: CachedApiKey, generation: number): void {
    if (generation === this.generation)
      bounded(this.apiKeys).set(hash, { value: key, until: this.clock.now().getTime() + TTL_MS });
  }

  user(userId: string): User | undefined {
    return this.fresh(this.users, userId);
  }

  rememberUser(userId: string, user: User, generation: number): void {
    if (generation === this.generation)
      bounded(this.users).set(userId, { value: user, until: this.clock.now().getTime() + TTL_MS });
  }

  /**
   * Drops the cache on NOTIFY from other processes; reconnects and drops it again if cut off.
   * Session notices go on to `sessions`; after every (re)connect the sockets are told to check
   * everything again, since notices sent while cut off are lost.
   */
  async listen(connectionString: string): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      if (n.channel === API_KEY_CREATED_CHANNEL) {
        this.forgetApiKeyMisses();
        return;
      }
      this.invalidateAll();
      if (n.channel !== SESSIONS_CHANNEL) return;
      const change = parseSessionNotice(n.payload ?? '');
      if (change) void this.sessions.announce(change);
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.closed) return;
      this.invalidateAll();
      setTimeout(() => void this.listen(connectionString).catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query('LISTEN sapa_auth_changed');
    await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
    await client.query(`LISTEN ${API_KEY_CREATED_CHANNEL}`);
    this.listener = client;
    this.invalidateAll();
    void this.sessions.announce({ kind: 'resync' });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }

  private fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const e = map.get(key);
    if (!e) return undefined;
    if (e.until <= this.clock.now().getTime()) {
      map.delete(key);
      return undefined;
    }
    return e.value;
  }
}

function bounded<M extends Map<string, unknown>>(map: M): M {
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  return map;
}

// Writes that can change a principal or profile; sessions only when they end; API keys when
// revoked or re-dated (not the minutely `last_used_at`); settings for `enable_rest_api`.
const AUTH_WRITE =
  /\b(update|insert\s+into|delete\s+from)\s+"?(users|user_divisions|supervisor_agents|divisions|accounts|settings)"?\b|\bupdate\s+"?auth_sessions"?\b[\s\S]*\brevoked_at\b|\bupdate\s+"?api_keys"?\b[\s\S]*\b(revoked_at|expires_at|scopes)\b|\bdelete\s+from\s+"?(auth_sessions|api_keys)"?\b/i;

/**
 * Hooks every pooled connection: after a write to the auth tables has committed (on its own or
 * with its transaction), this process's cache is dropped at once, before the caller continues.
 */
export function watchPool(pool: pg.Pool, onAuthWrite: () => void): void {
  pool.on('connect', (client) => {
    let pendingInTransaction = false;
    let inTransaction = false;
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    const patched = (...args: unknown[]): unknown => {
      const first = args[0];
      const text =
        typeof first === 'string'
          ? first
          : typeof first === 'object' && first && 'text' in first
            ? String((first as { text: unknown }).text)
            : '';
      const verb = text.trimStart().slice(0, 8).toLowerCase();
      if (verb.startsWith('begin')) inTransaction = true;
      const writesAuth = AUTH_WRITE.test(text);
      const ends = verb.startsWith('commit') || verb.startsWith('rollback');
      const result = original(...args);
      const after = () => {
        if (writesAuth && !inTransaction) onAuthWrite();
        if (writesAuth && inTransaction) pendingInTransaction = true;
        if (ends) {
          if (pendingInTransaction && verb.startsWith('commit')) onAuthWrite();
          pendingInTransaction = false;
          inTransaction = false;
        }
      };
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          (value) => {
            after();
            return value;
          },
          (err: unknown) => {
            after();
            throw err;
          },
        );
      }
      after();
      return result;
    };
    (client as unknown as { query: typeof patched }).query = patched;
  });
}
