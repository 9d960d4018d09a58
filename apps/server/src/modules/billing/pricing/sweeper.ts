import { sql } from 'kysely';
import type { Deps } from '../../../deps.js';
import { billConversation, collectOwed, refundConversation } from './conversations.js';
import { noteBalanceChanged } from './listeners.js';
import { billActiveContacts } from './mau.js';
import { DEAD_STATUSES, LIVE_STATUSES, PRICED_CHANNELS } from './usage.repo.js';

/**
 * Repairs what a crash between a commit and its event's listener lost. Every minute it looks at
 * the messages stored since its watermark and, set-based, finds business messages outside any
 * conversation, contacts without their month's charge (where `mauPrice` > 0), conversations
 * whose opener ended undelivered but kept its charge, and owed charges; then bills each through
 * the same idempotent functions the listeners use. The watermark only passes messages stored
 * more than two minutes ago, so a transaction still open when the sweeper looks is seen next time.
 */
const SETTLE = "interval '2 minutes'";
const BATCH = 500;
const MAX_ROUNDS = 20;

export interface SweepReport {
  conversations: number;
  contacts: number;
  refunds: number;
  collected: number;
}

export async function runUsageSweep(deps: Deps): Promise<SweepReport> {
  const { db } = deps;
  const report: SweepReport = { conversations: 0, contacts: 0, refunds: 0, collected: 0 };
  const state = await db
    .selectFrom('usage_sweep_state')
    .select('last_message_id')
    .executeTakeFirst();
  const from = Number(state?.last_message_id ?? 0);
  const touched = new Set<string>();

  // Business messages outside any conversation: the earliest per chat each round, since opening
  // one conversation covers the chat's next 24 hours.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT ON (m.chat_id) m.id
      FROM messages m JOIN chats c ON c.id = m.chat_id
      WHERE m.id > ${from} AND m.from_me AND m.status IN (${sql.join([...LIVE_STATUSES])})
        AND c.channel IN (${sql.join([...PRICED_CHANNELS])})
        AND NOT EXISTS (
          SELECT 1 FROM usage_charges u
          WHERE u.chat_id = m.chat_id AND u.kind <> 'mau' AND u.status <> 'refunded'
            AND u.starts_at > m.sent_at - interval '24 hours'
            AND u.starts_at < m.sent_at + interval '24 hours')
        AND NOT EXISTS (
          SELECT 1 FROM broadcast_recipients r
          WHERE r.channel_id = c.channel_id AND r.phone = c.identifier AND r.sent_at IS NOT NULL
            AND r.sent_at > m.sent_at - interval '24 hours' AND r.sent_at <= m.sent_at
            AND r.status IN ('sent', 'delivered', 'read'))
      ORDER BY m.chat_id, m.sent_at, m.id
      LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    let billed = 0;
    for (const { id } of rows) {
      const change = await billConversation(deps, Number(id));
      if (change) {
        billed++;
        if (change.moved) touched.add(change.accountId);
      }
    }
    report.conversations += billed;
    // Nothing billable among the candidates (e.g. a concurrent listener won): stop looping.
    if (billed === 0) break;
  }

  // Contacts who wrote, in accounts that charge per monthly active contact.
  const { rows: active } = await sql<{ account_id: string; contact_id: string; at: Date }>`
    SELECT m.account_id, c.contact_id, min(m.sent_at) AS at
    FROM messages m JOIN chats c ON c.id = m.chat_id JOIN accounts a ON a.id = m.account_id
    WHERE m.id > ${from} AND NOT m.from_me
      AND m.account_id IN (
        SELECT account_id FROM settings
        WHERE key = 'mauPrice'
          AND CASE WHEN value ~ '^[0-9]+(\\.[0-9]+)?$' THEN value::numeric ELSE 0 END > 0)
    GROUP BY m.account_id, c.contact_id, date_trunc('month', m.sent_at AT TIME ZONE a.timezone)`.execute(
    db,
  );
  const contacts = await billActiveContacts(
    deps,
    active.map((r) => ({ accountId: r.account_id, contactId: r.contact_id, at: new Date(r.at) })),
  );
  report.contacts = contacts.length;
  for (const c of contacts) if (c.moved) touched.add(c.accountId);

  // Conversations whose opener failed while its status event was lost.
  const { rows: dead } = await sql<{ message_id: number }>`
    SELECT u.message_id FROM usage_charges u JOIN messages m ON m.id = u.message_id
    WHERE u.status IN ('charged', 'owed', 'free') AND u.kind <> 'mau'
      AND u.created_at > ${deps.clock.now()}::timestamptz - interval '7 days'
      AND m.status IN (${sql.join(DEAD_STATUSES)})
    LIMIT ${BATCH}`.execute(db);
  for (const { message_id } of dead) {
    const change = await refundConversation(deps, Number(message_id));
    if (change) {
      report.refunds++;
      if (change.moved) touched.add(change.accountId);
    }
  }

  // What accounts owe, now that their balance may cover it.
  const owing = await db
    .selectFrom('usage_charges')
    .select('account_id')
    .distinct()
    .where('status', '=', 'owed')
    .execute();
  for (const { account_id } of owing) {
    const change = await collectOwed(deps, account_id);
    if (change) {
      report.collected++;
      touched.add(account_id);
    }
  }

  await sql`
    UPDATE usage_sweep_state SET updated_at = now(),
      last_message_id = greatest(last_message_id, coalesce(
        (SELECT max(id) FROM messages WHERE id > ${from} AND created_at < now() - ${sql.raw(SETTLE)}),
        last_message_id))`.execute(db);
  for (const accountId of touched) noteBalanceChanged(deps, accountId);
  return report;
}

/** Starts the sweeper on this worker: every minute, once across all processes. */
export async function registerUsageSweeper(deps: Deps): Promise<void> {
  await deps.jobs.work(
    'usage.sweep',
    async () => {
      await runUsageSweep(deps);
    },
    1,
  );
  await deps.jobs.schedule('usage.sweep', '* * * * *', {});
}
