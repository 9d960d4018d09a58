import { sql } from 'kysely';
import type { Role, UserStatus } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { UserViewRow } from './presenter.js';
import { userViewQuery } from './user-view.repo.js';

export interface NewUser {
  accountId: string;
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string | null;
  role: Role;
  status: UserStatus;
  language: 'en' | 'id';
  divisionOnlyView?: boolean;
  allChat?: boolean;
}

export interface UserPatch {
  name?: string;
  email?: string;
  phone?: string | null;
  role?: Role;
  language?: 'en' | 'id';
  divisionOnlyView?: boolean;
  allChat?: boolean;
}

export interface UserListFilter {
  roles?: Role[];
  statuses: UserStatus[];
  excludeUserId?: string;
  search?: string;
  limit: number;
  offset: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Users and their account, always inside one account (`accountId` comes from the principal). */
export const usersRepo = {
  async insertAccount(db: Db, name: string): Promise<string> {
    const row = await db
      .insertInto('accounts')
      .values({ name, type: 'regular' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  renameAccount(db: Db, accountId: string, name: string, now: Date) {
    return db
      .updateTable('accounts')
      .set({ name, updated_at: now })
      .where('id', '=', accountId)
      .execute();
  },

  async insertUser(db: Db, user: NewUser): Promise<string> {
    const row = await db
      .insertInto('users')
      .values({
        account_id: user.accountId,
        name: user.name,
        email: user.email,
        phone: user.phone,
        password_hash: user.passwordHash,
        role: user.role,
        status: user.status,
        language: user.language,
        division_only_view: user.divisionOnlyView ?? false,
        all_chat: user.allChat ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  findById(db: Db, accountId: string, userId: string) {
    return db
      .selectFrom('users')
      .select(['id', 'account_id', 'name', 'email', 'role', 'status', 'language', 'password_hash'])
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  /** Row lock on the user, so two admins editing the same person apply one after the other. */
  findByIdForUpdate(db: Db, accountId: string, userId: string) {
    return db
      .selectFrom('users')
      .select(['id', 'role', 'status', 'password_hash'])
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * Public flows (password reset request) start from an email with no account known yet; the
   * email is unique across all accounts, and the row found carries its account for what follows.
   */
  findByEmail(db: Db, email: string) {
    return db
      .selectFrom('users as u')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select([
        'u.id',
        'u.account_id',
        'u.name',
        'u.email',
        'u.status',
        'u.language',
        'a.name as account_name',
      ])
      .where('u.email', '=', email)
      .executeTakeFirst();
  },

  async emailExists(db: Db, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  },

  async updateUser(
    db: Db,
    accountId: string,
    userId: string,
    patch: UserPatch,
    now: Date,
  ): Promise<void> {
    const set = {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.email === undefined ? {} : { email: patch.email }),
      ...(patch.phone === undefined ? {} : { phone: patch.phone }),
      ...(patch.role === undefined ? {} : { role: patch.role }),
      ...(patch.language === undefined ? {} : { language: patch.language }),
      ...(patch.divisionOnlyView === undefined
        ? {}
        : { division_only_view: patch.divisionOnlyView }),
      ...(patch.allChat === undefined ? {} : { all_chat: patch.allChat }),
    };
    await db
      .updateTable('users')
      .set({ ...set, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .execute();
  },

  setPassword(db: Db, accountId: string, userId: string, passwordHash: string, now: Date) {
    return db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .execute();
  },

  /** Moves a user from one status to another; false when the user was not in `from` any more. */
  async transition(
    db: Db,
    accountId: string,
    userId: string,
    from: UserStatus[],
    to: UserStatus,
    now: Date,
    extra: { passwordHash?: string; emailVerified?: boolean } = {},
  ): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({
        status: to,
        updated_at: now,
        deactivated_at: to === 'deactivated' ? now : null,
        ...(extra.passwordHash ? { password_hash: extra.passwordHash } : {}),
        ...(extra.emailVerified ? { email_verified_at: now } : {}),
      })
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Locks the account's active admins: the "last admin" check and the change commit together. */
  async lockActiveAdminIds(db: Db, accountId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((r) => r.id);
  },

  async countInAccount(
    db: Db,
    table: 'users' | 'divisions',
    accountId: string,
    ids: string[],
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async replaceDivisions(
    db: Db,
    accountId: string,
    userId: string,
    divisionIds: string[],
  ): Promise<void> {
    await db
      .deleteFrom('user_divisions')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .execute();
    if (divisionIds.length === 0) return;
    await db
      .insertInto('user_divisions')
      .values(
        divisionIds.map((divisionId) => ({
          account_id: accountId,
          user_id: userId,
          division_id: divisionId,
        })),
      )
      .execute();
  },

  async replaceAgents(
    db: Db,
    accountId: string,
    supervisorId: string,
    agentIds: string[],
  ): Promise<void> {
    await db
      .deleteFrom('supervisor_agents')
      .where('account_id', '=', accountId)
      .where('supervisor_id', '=', supervisorId)
      .execute();
    if (agentIds.length === 0) return;
    await db
      .insertInto('supervisor_agents')
      .values(
        agentIds.map((agentId) => ({
          account_id: accountId,
          supervisor_id: supervisorId,
          agent_id: agentId,
        })),
      )
      .execute();
  },

  /** One page of users (sorted by name) and the total matching the filter. */
  async list(
    db: Db,
    accountId: string,
    filter: UserListFilter,
  ): Promise<{ rows: UserViewRow[]; total: number }> {
    const { roles, excludeUserId, search } = filter;
    let matching = db
      .selectFrom('users as u')
      .where('u.account_id', '=', accountId)
      .where('u.status', 'in', filter.statuses);
    if (roles?.length) matching = matching.where('u.role', 'in', roles);
    if (excludeUserId) matching = matching.where('u.id', '!=', excludeUserId);
    if (search) {
      const pattern = likePattern(search);
      matching = matching.where((eb) =>
        eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]),
      );
    }
    const count = await matching
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const pageIds = matching
      .select('u.id')
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id')
      .limit(filter.limit)
      .offset(filter.offset);
    const rows = await userViewQuery(db, accountId)
      .where('u.id', 'in', pageIds)
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id')
      .execute();
    return { rows: rows as UserViewRow[], total: Number(count.n) };
  },
};
