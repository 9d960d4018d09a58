import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Principal } from './principal.js';

/** Sessions, refresh tokens and the per-request principal. */
export const authRepo = {
  findUserByEmail(db: Db, email: string) {
    return db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select([
        'users.id',
        'users.account_id',
        'users.role',
        'users.status',
        'users.password_hash',
        'users.two_factor_enabled',
        'accounts.suspended_at',
      ])
      .where('users.email', '=', email)
      .executeTakeFirst();
  },

  async createSession(
    db: Db,
    input: {
      accountId: string;
      userId: string;
      twoFactorVerified: boolean;
      userAgent: string | null;
      ip: string | null;
      expiresAt: Date;
      tokenHash: string;
    },
  ): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('auth_sessions')
        .values({
          account_id: input.accountId,
          user_id: input.userId,
          two_factor_verified: input.twoFactorVerified,
          user_agent: input.userAgent,
          ip: input.ip,
          expires_at: input.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: input.tokenHash, session_id: session.id })
        .execute();
      return session.id;
    });
  },

  /**
   * Marks a refresh token used, atomically, and returns its session. `reused` is true when the
   * token had been used before: the caller must then revoke the session.
   */
  async consumeRefreshToken(db: Db, tokenHash: string, now: Date) {
    const used = await db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning('session_id')
      .executeTakeFirst();
    if (used) return { sessionId: used.session_id, reused: false };
    const seen = await db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return seen ? { sessionId: seen.session_id, reused: true } : null;
  },

  addRefreshToken(db: Db, sessionId: string, tokenHash: string) {
    return db
      .insertInto('refresh_tokens')
      .values({ token_hash: tokenHash, session_id: sessionId })
      .execute();
  },

  findSession(db: Db, sessionId: string) {
    return db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.account_id',
        's.user_id',
        's.two_factor_verified',
        's.expires_at',
        's.revoked_at',
        'u.role',
        'u.status',
        'u.two_factor_enabled',
      ])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  },

  touchSession(db: Db, sessionId: string, now: Date, twoFactorVerified?: boolean) {
    return db
      .updateTable('auth_sessions')
      .set({
        last_used_at: now,
        ...(twoFactorVerified === undefined ? {} : { two_factor_verified: twoFactorVerified }),
      })
      .where('id', '=', sessionId)
      .execute();
  },

  /** The sessions it ended (none when already ended), for `SessionSignals.ended`. */
  revokeSession(db: Db, sessionId: string, now: Date, reason: string) {
    return db
      .updateTable('auth_sessions')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'user_id'])
      .execute();
  },

  /** The sessions it ended, for `SessionSignals.ended`. */
  revokeUserSessions(db: Db, userId: string, now: Date, reason: string, exceptSessionId?: string) {
    let q = db
      .updateTable('auth_sessions')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
    return q.returning(['id', 'user_id']).execute();
  },

  /** Everything a request needs to know about its caller, in one round trip. */
  async loadPrincipal(
    db: Db,
    userId: string,
    sessionId: string,
    now: Date,
  ): Promise<Principal | null> {
    const row = await db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select([
        'u.id as user_id',
        'u.account_id',
        'u.role',
        'u.name',
        'u.email',
        'u.status',
        'u.division_only_view',
        'u.all_chat',
        'u.two_factor_enabled',
        'a.type as account_type',
        's.id as session_id',
        sql<
          string[]
        >`coalesce((SELECT array_agg(ud.division_id::text) FROM user_divisions ud WHERE ud.user_id = u.id), '{}')`.as(
          'division_ids',
        ),
        sql<
          string[]
        >`coalesce((SELECT array_agg(sa.agent_id::text) FROM supervisor_agents sa WHERE sa.supervisor_id = u.id), '{}')`.as(
          'agent_ids',
        ),
      ])
      .where('s.id', '=', sessionId)
      .where('s.user_id', '=', userId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('u.status', '=', 'active')
      // A suspended account's sessions are ended; this also stops one made while it was suspended.
      .where('a.suspended_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      userId: row.user_id,
      accountId: row.account_id,
      sessionId: row.session_id,
      role: row.role,
      name: row.name,
      email: row.email,
      accountType: row.account_type,
      twoFactorEnabled: row.two_factor_enabled,
      twoFactorVerified: false,
      divisionIds: row.division_ids,
      agentIds: row.agent_ids,
      divisionOnlyView: row.division_only_view,
      allChat: row.all_chat,
    };
  },

  /** Turning 2FA off or starting over with a new secret forgets the last code's step. */
  setTwoFactor(db: Db, userId: string, enabled: boolean, sealedSecret: string | null) {
    return db
      .updateTable('users')
      .set({
        two_factor_enabled: enabled,
        two_factor_secret: sealedSecret,
        ...(enabled ? {} : { two_factor_last_step: null }),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
  },

  /**
   * Records a code's time step as used, atomically: false when this step or a later one was
   * used already (a replayed code, or two requests racing with one code).
   */
  async useTwoFactorStep(db: Db, userId: string, step: number): Promise<boolean> {
    const row = await db
      .updateTable('users')
      .set({ two_factor_last_step: step })
      .where('id', '=', userId)
      .where((eb) =>
        eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  findTwoFactorSecret(db: Db, userId: string) {
    return db
      .selectFrom('users')
      .select(['two_factor_secret', 'two_factor_enabled', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },
};
