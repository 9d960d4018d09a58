import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserViewRow } from './presenter.js';

/** Users with their account, divisions and supervised agents, in one query, scoped to an account. */
export function userViewQuery(db: Db, accountId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .where('u.account_id', '=', accountId)
    .select([
      'u.id',
      'u.account_id',
      'u.name',
      'u.email',
      'u.phone',
      'u.role',
      'u.status',
      'u.language',
      'u.division_only_view',
      'u.all_chat',
      'u.two_factor_enabled',
      'u.created_at',
      'a.name as account_name',
      'a.type as account_type',
      sql<{ id: string; name: string }[] | null>`(
        SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name)
        FROM user_divisions ud JOIN divisions d ON d.id = ud.division_id
        WHERE ud.user_id = u.id)`.as('divisions'),
      sql<string[] | null>`(
        SELECT array_agg(sa.agent_id::text) FROM supervisor_agents sa WHERE sa.supervisor_id = u.id)`.as(
        'agent_ids',
      ),
    ]);
}

export async function findUserView(
  db: Db,
  accountId: string,
  userId: string,
): Promise<UserViewRow | undefined> {
  return (await userViewQuery(db, accountId).where('u.id', '=', userId).executeTakeFirst()) as
    UserViewRow | undefined;
}
