import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import { pricesOf } from './prices.js';
import type { BalanceChange } from './conversations.js';
import { takeOrOwe } from './conversations.js';
import { usageRepo } from './usage.repo.js';

type UsageDeps = Pick<Deps, 'db' | 'clock'>;

export interface ActiveContact {
  accountId: string;
  contactId: string;
  at: Date;
}

/** The ledger order id of a contact's month (yyyy-mm in the account's time zone). */
export const mauRef = (contactId: string, month: string) => `mau:${contactId}:${month}`;

/** `mauPrice` and time zone of each account, one statement for a whole batch. */
async function mauTerms(
  db: Db,
  accountIds: string[],
): Promise<Map<string, { price: number; timezone: string }>> {
  const { rows } = await sql<{ id: string; timezone: string; value: string | null }>`
    SELECT a.id, a.timezone, s.value
    FROM accounts a LEFT JOIN settings s ON s.account_id = a.id AND s.key = 'mauPrice'
    WHERE a.id = ANY(${accountIds}::uuid[])`.execute(db);
  return new Map(
    rows.map((r) => [
      r.id,
      { price: pricesOf(new Map([['mauPrice', r.value]])).mauPrice, timezone: r.timezone },
    ]),
  );
}

/** The calendar month of an instant in a time zone: its key and its first instant. */
export function monthOf(at: Date, timeZone: string): { key: string; start: Date } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  // The zone's offset at the start of that month: midnight UTC of the 1st, corrected by the
  // offset the zone has there (Indonesia has no daylight saving; others converge in one step).
  const guess = Date.UTC(year, month - 1, 1);
  const offset = zoneOffsetMs(new Date(guess), timeZone);
  return { key: `${year}-${String(month).padStart(2, '0')}`, start: new Date(guess - offset) };
}

function zoneOffsetMs(at: Date, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (t: string) => Number(f.find((p) => p.type === t)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return local - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * Charges `mauPrice` once per contact per calendar month (account time zone) for contacts that
 * wrote to the business. Accounts whose price is 0 (the default) write nothing. A batch costs one
 * statement for the prices; each new contact-month one short transaction.
 */
export async function billActiveContacts(
  deps: UsageDeps,
  items: ActiveContact[],
): Promise<BalanceChange[]> {
  if (items.length === 0) return [];
  const terms = await mauTerms(deps.db, [...new Set(items.map((i) => i.accountId))]);
  const changes: BalanceChange[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const t = terms.get(item.accountId);
    if (!t || t.price <= 0) continue;
    const month = monthOf(item.at, t.timezone);
    const ref = mauRef(item.contactId, month.key);
    if (seen.has(`${item.accountId}|${ref}`)) continue;
    seen.add(`${item.accountId}|${ref}`);
    const change = await deps.db.transaction().execute(async (trx) => {
      const id = await usageRepo.insert(trx, {
        accountId: item.accountId,
        kind: 'mau',
        ref,
        chatId: null,
        contactId: item.contactId,
        messageId: null,
        startsAt: month.start,
        amount: t.price.toFixed(2),
        status: 'charged',
        now: deps.clock.now(),
      });
      if (id === undefined) return null;
      const moved = await takeOrOwe(
        deps,
        trx,
        {
          id,
          accountId: item.accountId,
          ref,
          amount: t.price,
          description: `Monthly active contact (${month.key})`,
        },
        true,
      );
      return { accountId: item.accountId, moved };
    });
    if (change) changes.push(change);
  }
  return changes;
}
