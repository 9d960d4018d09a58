import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { forgetReportAccount, loadReportAccount } from '../modules/reports/account-context.js';
import { today } from '../modules/reports/days.js';
import { reconcileAccount } from '../modules/reports/reconcile.js';
import { localDay } from '../modules/reports/working-hours.js';
import { DEMO_USERS } from './demo.js';
import { seedDemoHistory } from './demo-history.js';
import { billDemoUsage } from './demo-usage.js';

/**
 * The demo's reports: the seeds write conversations, tickets and the ledger straight into their
 * tables, past the event spine the reports' listeners hear, so the reconcile that repairs the
 * rollups every night counts them once, from the first seeded message to today. The demo also
 * shows the ticket report (an operator's switch on real accounts), two weeks of finished work
 * with satisfaction answers (demo-history; the reconcile counts them from the csat tables), and the usage those conversations cost, charged in
 * the ledger. Idempotent: history is written once, charges and facts are keyed, so a second run
 * adds nothing.
 */
export async function seedDemoReports(deps: Deps): Promise<void> {
  const owner = await deps.db
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (!owner) return;
  const accountId = owner.account_id;
  await deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.ticket_report', value: 'true' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedDemoHistory(deps, accountId);
  await billDemoUsage(deps, accountId);
  // The reports keep an account's zone and switches for a while: read them again.
  forgetReportAccount(deps.db, accountId);
  const first = await sql<{ at: Date | null }>`
    SELECT min(sent_at) AS at FROM messages WHERE account_id = ${accountId}`.execute(deps.db);
  const since = first.rows[0]?.at;
  if (!since) return;
  const { timezone } = await loadReportAccount(deps.db, accountId);
  const report = await reconcileAccount(
    deps,
    accountId,
    localDay(since, timezone),
    today(deps.clock.now(), timezone),
  );
  deps.log.info({ accountId, ...report }, 'demo reports counted');
}
