import { sql } from 'kysely';
import { defaultLowBalanceThreshold, formatCurrency } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { prices } from './prices.js';

/**
 * The low-balance alert. When the balance is under the account's threshold (its billing
 * profile's, else twice the minimum balance), the admins get one email, and
 * `low_balance_notified_at` remembers it; once a top-up brings the balance back to the threshold
 * the stamp clears, so the next fall warns again. The stamp is set with a compare-and-set, so
 * concurrent charges send one email. An account without a billing profile gets one holding its
 * name (what invoices use for it anyway) to carry the stamp.
 */
export async function checkLowBalance(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>,
  accountId: string,
  saldo: number,
): Promise<'notified' | 'cleared' | null> {
  const { db } = deps;
  const [p, profile] = await Promise.all([
    prices(db, accountId),
    db
      .selectFrom('billing_profiles')
      .select(['low_balance_threshold', 'low_balance_notified_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
  ]);
  const threshold =
    profile?.low_balance_threshold != null
      ? Number(profile.low_balance_threshold)
      : defaultLowBalanceThreshold(p.minimumBalance);
  const now = deps.clock.now();
  if (saldo >= threshold) {
    if (!profile?.low_balance_notified_at) return null;
    await db
      .updateTable('billing_profiles')
      .set({ low_balance_notified_at: null })
      .where('account_id', '=', accountId)
      .where('low_balance_notified_at', 'is not', null)
      .execute();
    return 'cleared';
  }
  if (profile?.low_balance_notified_at) return null;
  const { rows } = await sql<{ account_id: string }>`
    INSERT INTO billing_profiles (account_id, company_name, low_balance_notified_at, updated_at)
    SELECT id, name, ${now}, ${now} FROM accounts WHERE id = ${accountId}
    ON CONFLICT (account_id) DO UPDATE SET low_balance_notified_at = excluded.low_balance_notified_at
      WHERE billing_profiles.low_balance_notified_at IS NULL
    RETURNING account_id`.execute(db);
  if (rows.length === 0) return null;
  await mailAdmins(deps, accountId, { saldo, threshold, minimum: p.minimumBalance });
  return 'notified';
}

async function mailAdmins(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>,
  accountId: string,
  figures: { saldo: number; threshold: number; minimum: number },
): Promise<void> {
  const admins = await deps.db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.email', 'u.name', 'u.language', 'a.name as company'])
    .where('u.account_id', '=', accountId)
    .where('u.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .execute();
  for (const admin of admins) {
    await deps.mailer
      .send({
        to: admin.email,
        template: 'low_balance',
        language: admin.language,
        accountId,
        vars: {
          name: admin.name,
          company: admin.company,
          balance: formatCurrency(figures.saldo),
          threshold: formatCurrency(figures.threshold),
          minimum: formatCurrency(figures.minimum),
          link: `${deps.config.appUrl}/top-up`,
        },
      })
      .catch((err: unknown) =>
        deps.log.error({ err, accountId }, 'low-balance email not recorded'),
      );
  }
}
