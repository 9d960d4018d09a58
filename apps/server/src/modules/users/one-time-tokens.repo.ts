import type { Db } from '../../db/database.js';

export type OneTimePurpose = 'verify_email' | 'reset_password' | 'invite';

/**
 * Emailed links (verify, reset, invite). Only the sha256 of a token is stored. A link arrives
 * without a session, so lookups are by token hash; each row names its user and that user's
 * account, and everything done afterwards is scoped to that account.
 */
export const oneTimeTokensRepo = {
  issue(
    db: Db,
    input: { userId: string; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date },
  ) {
    return db
      .insertInto('one_time_tokens')
      .values({
        user_id: input.userId,
        purpose: input.purpose,
        token_hash: input.tokenHash,
        expires_at: input.expiresAt,
      })
      .execute();
  },

  /** Retires a user's open links of one purpose, so only the newest link works. */
  invalidate(db: Db, userId: string, purpose: OneTimePurpose, now: Date) {
    return db
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  },

  /** The token with its user, whether or not it is still usable (to pick the right message). */
  inspect(db: Db, tokenHash: string) {
    return db
      .selectFrom('one_time_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select([
        't.purpose',
        't.expires_at',
        't.used_at',
        'u.id as user_id',
        'u.account_id',
        'u.email',
        'u.status',
        'a.name as account_name',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /**
   * Marks a usable token used, atomically: of two concurrent submits exactly one gets the row.
   * Undefined when the token is unknown, used, expired or of another purpose.
   */
  consume(db: Db, tokenHash: string, purposes: OneTimePurpose[], now: Date) {
    return db
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning((eb) => [
        'user_id',
        'purpose',
        eb
          .selectFrom('users')
          .select('users.account_id')
          .whereRef('users.id', '=', 'one_time_tokens.user_id')
          .as('account_id'),
      ])
      .executeTakeFirst();
  },
};
