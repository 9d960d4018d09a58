import type { Db } from '../../db/database.js';

/** An active admin of an account, as the emails to admins address them. */
export interface ActiveAdmin {
  email: string;
  name: string;
  language: 'en' | 'id';
  /** The account's name. */
  company: string;
}

/** The account's active admins (who is told when something of the account needs attention). */
export function activeAdmins(db: Db, accountId: string): Promise<ActiveAdmin[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.email', 'u.name', 'u.language', 'a.name as company'])
    .where('u.account_id', '=', accountId)
    .where('u.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .execute();
}
