// `npm run bench -- billing`: usage charges under concurrency on one account. 10,000 business
// replies in 10,000 customer-opened chats are billed at once through the pricing module's own
// path (chat lock, conversation check, usage row, ledger write under the account's lock), on the
// built server's database. Prints charges per second and the exact final balance, which must
// equal the start minus the sum of the charges, with a boolean, and whether every ledger row's
// running balance is the previous one plus its amount.
import { sql } from 'kysely';
import { runNotificationBench } from './billing-notifications.js';
import { startSapaWithDb, type SapaWithDb } from './lib/server-with-db.js';
import { createDb, type Db } from '../apps/server/src/db/database.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { LedgerService } from '../apps/server/src/modules/billing/ledger.js';
import { billConversation } from '../apps/server/src/modules/billing/pricing/conversations.js';

const CHARGES = Number(process.env.BENCH_BILLING_CHARGES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_BILLING_CONNECTIONS ?? 20);
const PRICE = 350;
const START = 10_000_000;

/** An account with one channel and CHARGES chats, each with a customer message and a reply. */
async function prepare(db: Db): Promise<{ accountId: string; messageIds: number[] }> {
  const { rows: acc } = await sql<{ id: string }>`
    INSERT INTO accounts (name) VALUES ('Billing bench') RETURNING id`.execute(db);
  const accountId = acc[0]!.id;
  await sql`
    INSERT INTO settings (account_id, key, value) VALUES
      (${accountId}, 'bo.userInitiatePrice', ${String(PRICE)}),
      (${accountId}, 'bo.minimumBalance', '0')`.execute(db);
  const { rows: ch } = await sql<{ id: string }>`
    INSERT INTO channels (account_id, name, channel, provider, external_id)
    VALUES (${accountId}, 'Bench', 'whatsapp', 'whatsapp_cloud', ${`bench-${Date.now()}`})
    RETURNING id`.execute(db);
  const channelId = ch[0]!.id;
  const now = new Date();
  await sql`
    WITH c AS (
      INSERT INTO contacts (account_id, name, phone)
      SELECT ${accountId}, 'Pelanggan ' || i, '62812' || lpad(i::text, 8, '0')
      FROM generate_series(1, ${CHARGES}) i RETURNING id, phone
    ), chat AS (
      INSERT INTO chats (account_id, channel_id, contact_id, channel, identifier, name, initiate_at)
      SELECT ${accountId}, ${channelId}, id, 'whatsapp', phone, 'Pelanggan', ${now} FROM c
      RETURNING id
    )
    INSERT INTO messages (account_id, chat_id, channel_id, msg_type, text, status, from_me, sent_at)
    SELECT ${accountId}, id, ${channelId}, 'text', m.text, m.status, m.from_me, m.at
    FROM chat, (VALUES ('Halo kak', 'received', false, ${new Date(now.getTime() - 60_000)}::timestamptz),
                       ('Siap, kami bantu', 'sent', true, ${now}::timestamptz)) AS m(text, status, from_me, at)`.execute(
    db,
  );
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM messages WHERE account_id = ${accountId} AND from_me ORDER BY id`.execute(db);
  // The server's sweeper starts after these: the bench alone bills them.
  await sql`UPDATE usage_sweep_state SET last_message_id = (SELECT max(id) FROM messages)`.execute(
    db,
  );
  await new LedgerService({ db, clock: systemClock }).credit(accountId, {
    amount: START,
    description: 'Bench funds',
  });
  await sql`ANALYZE`.execute(db);
  return { accountId, messageIds: rows.map((r) => Number(r.id)) };
}

/** `npm run bench -- billing`: 10,000 concurrent charges on one account, then the notification storm. */
export async function runBillingBench(): Promise<object> {
  const charges = await runChargeBench();
  return { ...charges, notifications: await runNotificationBench() };
}

async function runChargeBench(): Promise<object> {
  let sapa: SapaWithDb | null = null;
  let db: Db | null = null;
  try {
    // The charges run in this process, through the pricing module on a Kysely pool of
    // CONNECTIONS; the helper's plain pool (one connection, opened only on use) stays idle.
    sapa = await startSapaWithDb({ name: 'billing', poolMax: 1 });
    db = createDb(sapa.dbUrl, CONNECTIONS).db;
    const { accountId, messageIds } = await prepare(db);
    const deps = { db, clock: systemClock };

    console.error(`billing ${messageIds.length} conversations at once`);
    const started = performance.now();
    const results = await Promise.all(messageIds.map((id) => billConversation(deps, id)));
    const seconds = (performance.now() - started) / 1000;

    const { rows: sums } = await sql<{ charged: number; owed: number; total: string }>`
      SELECT count(*) FILTER (WHERE status = 'charged')::int AS charged,
             count(*) FILTER (WHERE status = 'owed')::int AS owed,
             coalesce(sum(amount) FILTER (WHERE status = 'charged'), 0) AS total
      FROM usage_charges WHERE account_id = ${accountId}`.execute(db);
    const { rows: chain } = await sql<{ broken: number; final: string }>`
      WITH l AS (
        SELECT balance_after, amount,
               lag(balance_after, 1, 0::numeric) OVER (ORDER BY id) AS before
        FROM balance_ledger WHERE account_id = ${accountId})
      SELECT count(*) FILTER (WHERE balance_after <> before + amount OR balance_after < 0)::int AS broken,
             (SELECT balance_after FROM balance_ledger WHERE account_id = ${accountId}
              ORDER BY id DESC LIMIT 1) AS final
      FROM l`.execute(db);
    const s = sums[0]!;
    const finalBalance = Number(chain[0]!.final);
    const sum = Number(s.total);
    return {
      bench: 'billing',
      charges: messageIds.length,
      connections: CONNECTIONS,
      booked: results.filter((r) => r?.moved).length,
      owed: s.owed,
      seconds: Math.round(seconds * 100) / 100,
      chargesPerSecond: Math.round(messageIds.length / seconds),
      startBalance: START,
      sumOfCharges: sum,
      finalBalance,
      expectedFinalBalance: START - sum,
      exact: finalBalance === START - sum && s.charged === messageIds.length,
      ledgerConsistent: chain[0]!.broken === 0,
    };
  } finally {
    await db?.destroy();
    await sapa?.stop();
  }
}
