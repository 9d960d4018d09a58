import type { Db } from '../../db/database.js';
import { AccountCache } from '../../lib/account-cache.js';
import type { WorkingHours } from './working-hours.js';

/** What writing an account's facts needs: its zone (the day of a fact) and working hours. */
export interface ReportAccount {
  timezone: string;
  hours: WorkingHours;
  csat: boolean;
  ticketReport: boolean;
}

const KEYS = ['agentWorkingHourStart', 'agentWorkingHourEnd', 'bo.isCsat', 'bo.ticket_report'];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Read for every batch of facts: cached per process for a moment, like routing's settings. */
const cache = new AccountCache<Db, ReportAccount>(5_000);

export function loadReportAccount(db: Db, accountId: string): Promise<ReportAccount> {
  return cache.get(db, accountId, async () => {
    const [rows, account] = await Promise.all([
      db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('account_id', '=', accountId)
        .where('key', 'in', KEYS)
        .execute(),
      db.selectFrom('accounts').select('timezone').where('id', '=', accountId).executeTakeFirst(),
    ]);
    const stored = new Map(rows.map((r) => [r.key, r.value ?? '']));
    const hhmm = (key: string, fallback: string) => {
      const v = stored.get(key)?.trim() ?? '';
      return HHMM.test(v) ? v : fallback;
    };
    return {
      timezone: account?.timezone || 'Asia/Jakarta',
      hours: {
        start: hhmm('agentWorkingHourStart', '08:00'),
        end: hhmm('agentWorkingHourEnd', '17:00'),
      },
      csat: stored.get('bo.isCsat') === 'true',
      ticketReport: stored.get('bo.ticket_report') === 'true',
    };
  });
}

/** Settings changed through this process: read them again at once. */
export function forgetReportAccount(db: Db, accountId: string): void {
  cache.forget(db, accountId);
}

/** Accounts of a batch, loaded once each. */
export async function loadReportAccounts(
  db: Db,
  accountIds: Iterable<string>,
): Promise<Map<string, ReportAccount>> {
  const ids = [...new Set(accountIds)];
  const loaded = await Promise.all(ids.map((id) => loadReportAccount(db, id)));
  return new Map(ids.map((id, i) => [id, loaded[i]!]));
}
