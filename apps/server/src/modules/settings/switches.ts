import type { Db } from '../../db/database.js';
import { accountTypeDefault } from './catalog.js';

type Switch = 'enable_rest_api' | 'enable_webhook';

/**
 * One on/off key of an account, from its stored value or its type's default, in one small query:
 * webhook delivery and the API-key check ask per event or per request and need none of the rest
 * of the account's settings. A deleted account reads as off.
 */
async function switchOn(db: Db, accountId: string, key: Switch): Promise<boolean> {
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('settings as s', (join) =>
      join.onRef('s.account_id', '=', 'a.id').on('s.key', '=', key),
    )
    .select(['a.type', 's.value'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!row) return false;
  return (row.value ?? accountTypeDefault(key, row.type)) === 'true';
}

/** `enable_rest_api`: does this account accept API keys? */
export const restApiEnabled = (db: Db, accountId: string): Promise<boolean> =>
  switchOn(db, accountId, 'enable_rest_api');

/** `enable_webhook`: may outbound webhooks be delivered for this account? */
export const webhooksEnabled = (db: Db, accountId: string): Promise<boolean> =>
  switchOn(db, accountId, 'enable_webhook');
