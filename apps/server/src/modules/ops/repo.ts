import type { Db } from '../../db/database.js';

/**
 * Operators, their sessions and one-time setup links, and the audit log. Operators are the
 * platform's staff: these tables carry no account, and no tenant query ever reads them.
 */
export const opsRepo = {
  findOperatorByEmail(db: Db, email: string) {
    return db
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  },

  findOperator(db: Db, id: string) {
    return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A new operator, or the existing one not yet set up (a second `create` re-issues the link). */
  async upsertInvited(db: Db, email: string, now: Date) {
    const inserted = await db
      .insertInto('operators')
      .values({ email: email.trim().toLowerCase(), created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'status'])
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, status: inserted.status, created: true };
    const found = await db
      .selectFrom('operators')
      .select(['id', 'status'])
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirstOrThrow();
    return { id: found.id, status: found.status, created: false };
  },

  /** Earlier unused links of the operator die when a new one is issued. */
  async issueToken(db: Db, operatorId: string, tokenHash: string, expiresAt: Date, now: Date) {
    await db
      .updateTable('operator_tokens')
      .set({ used_at: now })
      .where('operator_id', '=', operatorId)
      .where('used_at', 'is', null)
      .execute();
    await db
      .insertInto('operator_tokens')
      .values({ token_hash: tokenHash, operator_id: operatorId, expires_at: expiresAt })
      .execute();
  },

  /** The live link's operator (unused, unexpired), optionally locking the link row. */
  findLiveToken(db: Db, tokenHash: string, now: Date, lock = false) {
    let q = db
      .selectFrom('operator_tokens as t')
      .innerJoin('operators as o', 'o.id', 't.operator_id')
      .select(['t.token_hash', 'o.id', 'o.email', 'o.status'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', now)
      .where('o.status', '!=', 'disabled');
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  useToken(db: Db, tokenHash: string, now: Date) {
    return db
      .updateTable('operator_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
  },

  activate(
    db: Db,
    operatorId: string,
    input: { name: string; passwordHash: string; sealedSecret: string; step: number },
    now: Date,
  ) {
    return db
      .updateTable('operators')
      .set({
        name: input.name,
        password_hash: input.passwordHash,
        two_factor_secret: input.sealedSecret,
        two_factor_enabled: true,
        last_totp_step: input.step,
        status: 'active',
        updated_at: now,
      })
      .where('id', '=', operatorId)
      .execute();
  },

  /**
   * Records a code's time step as used, atomically: false when this step or a later one was used
   * already (a replayed code, or two requests racing with one code).
   */
  async useStep(db: Db, operatorId: string, step: number): Promise<boolean> {
    const row = await db
      .updateTable('operators')
      .set({ last_totp_step: step })
      .where('id', '=', operatorId)
      .where((eb) =>
        eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', String(step))]),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async createSession(
    db: Db,
    input: { operatorId: string; ip: string | null; userAgent: string | null; expiresAt: Date },
    now: Date,
  ): Promise<string> {
    const row = await db
      .insertInto('operator_sessions')
      .values({
        operator_id: input.operatorId,
        ip: input.ip,
        user_agent: input.userAgent,
        created_at: now,
        expires_at: input.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The session with its operator, when it is live (not revoked, not expired, operator active). */
  findLiveSession(db: Db, sessionId: string, operatorId: string, now: Date) {
    return db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id as session_id',
        's.two_factor_verified',
        's.expires_at',
        'o.id',
        'o.email',
        'o.name',
        'o.two_factor_secret',
        'o.two_factor_enabled',
      ])
      .where('s.id', '=', sessionId)
      .where('s.operator_id', '=', operatorId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('o.status', '=', 'active')
      .executeTakeFirst();
  },

  markVerified(db: Db, sessionId: string, expiresAt: Date) {
    return db
      .updateTable('operator_sessions')
      .set({ two_factor_verified: true, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
  },

  revokeOperatorSessions(db: Db, operatorId: string, now: Date) {
    return db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  revokeSession(db: Db, sessionId: string, now: Date) {
    return db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  audit(
    db: Db,
    entry: {
      operatorId: string | null;
      via: 'console' | 'cli';
      accountId: string | null;
      action: string;
      detail: Record<string, unknown>;
    },
    now: Date,
  ) {
    return db
      .insertInto('ops_audit_log')
      .values({
        operator_id: entry.operatorId,
        via: entry.via,
        account_id: entry.accountId,
        action: entry.action,
        detail: JSON.stringify(entry.detail),
        created_at: now,
      })
      .execute();
  },
};
