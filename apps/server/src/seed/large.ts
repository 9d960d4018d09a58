import type pg from 'pg';
import { hashPassword } from '../lib/passwords.js';
import { copyLines, dropSecondaryIndexes, rebuildIndexes } from './large-copy.js';
import {
  AGENT_COUNT,
  LARGE_ACCOUNT,
  LARGE_DIVISIONS,
  LARGE_LABELS,
  SEARCH_TERMS,
  SUPERVISED,
  largeUsers,
} from './large-data.js';
import { LargeModel, type LargeRefs } from './large-model.js';

export interface LargeSeedOptions {
  chats: number;
  messages: number;
  password: string;
  log: (line: string) => void;
}

export interface LargeSeedSummary {
  accountId: string;
  chats: number;
  messages: number;
  seconds: number;
}

// Any constant: a second seed started at the same time waits, then finds the account.
const LARGE_SEED_LOCK = 727_276;

/**
 * Loads one account with `chats` chats and `messages` messages through COPY, in one transaction
 * (a failed or interrupted load leaves nothing behind). Returns null when the account exists.
 */
export async function seedLarge(
  pool: pg.Pool,
  opts: LargeSeedOptions,
): Promise<LargeSeedSummary | null> {
  const started = Date.now();
  const log = opts.log;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LARGE_SEED_LOCK]);
    const existing = await client.query('SELECT id FROM accounts WHERE name = $1', [LARGE_ACCOUNT]);
    if (existing.rowCount) {
      await client.query('ROLLBACK');
      return null;
    }
    // Index builds sort in memory; the defaults (64 MB) would spill to disk many times over.
    await client.query("SET LOCAL maintenance_work_mem = '1GB'");
    const now = Math.floor(Date.now() / 1000);
    const refs = await createTenant(client, opts.password);
    log(`account ${LARGE_ACCOUNT} (${refs.accountId}): users, divisions, labels, channels`);

    const model = new LargeModel(opts.chats, opts.messages, now, AGENT_COUNT);
    log(
      `planned ${model.chats.toLocaleString('en')} chats, ${model.totalMessages.toLocaleString('en')} messages`,
    );

    const saved = [
      ...(await dropSecondaryIndexes(client, 'contacts')),
      ...(await dropSecondaryIndexes(client, 'chats')),
      ...(await dropSecondaryIndexes(client, 'messages')),
    ];
    // The rows are consistent by construction; skipping one foreign-key check per row (ten
    // million of them) saves minutes. Needs a superuser (the embedded PostgreSQL is one).
    const superuser = await client.query<{ rolsuper: boolean }>(
      'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
    );
    if (superuser.rows[0]?.rolsuper) {
      await client.query("SET LOCAL session_replication_role = 'replica'");
    }

    await timed(log, 'contacts', () =>
      copyLines(
        client,
        'COPY contacts (id, account_id, name, phone) FROM STDIN',
        model.contactLines(refs),
      ),
    );
    await timed(log, 'chats', () =>
      copyLines(
        client,
        `COPY chats (id, account_id, channel_id, contact_id, channel, identifier, name, agent_id,
           division_ids, flag, unread_count, last_message_text, last_message_type,
           last_message_from_me, last_update, initiate_at, is_archive, labels, blocked,
           created_at, updated_at) FROM STDIN`,
        model.chatLines(refs),
      ),
    );
    let lastReport = Date.now();
    const copyStarted = Date.now();
    await timed(log, 'messages', () =>
      copyLines(
        client,
        `COPY messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text,
           payload, status, from_me, sender_id, is_system, created_at, sent_at) FROM STDIN`,
        model.messageLines(refs, log),
        (rows) => {
          if (Date.now() - lastReport < 5_000) return;
          lastReport = Date.now();
          const rate = Math.round(rows / ((Date.now() - copyStarted) / 1000));
          log(`  messages: ${rows.toLocaleString('en')} (${rate.toLocaleString('en')}/s)`);
        },
      ),
    );
    await client.query("SET LOCAL session_replication_role = 'origin'");
    log(`building ${saved.length} indexes`);
    await rebuildIndexes(client, saved, log);
    await client.query('COMMIT');
    log('committed; VACUUM ANALYZE (visibility map and planner statistics)');
    for (const table of ['contacts', 'chats', 'messages']) {
      await timed(log, `vacuum ${table}`, () => client.query(`VACUUM (ANALYZE) ${table}`));
    }
    await reportTerms(client, refs.accountId, log);
    return {
      accountId: refs.accountId,
      chats: model.chats,
      messages: model.totalMessages,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function timed<T>(log: (line: string) => void, what: string, run: () => Promise<T>) {
  const started = Date.now();
  const result = await run();
  const rows = typeof result === 'number' ? `${result.toLocaleString('en')} rows ` : '';
  log(`${what}: ${rows}in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function createTenant(client: pg.PoolClient, password: string): Promise<LargeRefs> {
  const one = async (text: string, values: unknown[]) => {
    const { rows } = await client.query<{ id: string }>(text, values);
    return rows.map((r) => r.id);
  };
  const [accountId] = await one(
    "INSERT INTO accounts (name, type) VALUES ($1, 'regular') RETURNING id",
    [LARGE_ACCOUNT],
  );
  if (!accountId) throw new Error('account not created');
  // The largest plan, so twenty agents fit; a year ahead so no guard stops a bench.
  await client.query(
    `INSERT INTO subscriptions (account_id, product_id, status, billing_period, billing_amount, due_date)
     SELECT $1, id, 'active', billing_period, price, now() + interval '365 days'
       FROM products WHERE active ORDER BY agent_limit DESC LIMIT 1`,
    [accountId],
  );
  await client.query(
    `INSERT INTO balance_ledger (account_id, amount, balance_after, kind, order_id, description)
     VALUES ($1, 10000000, 10000000, 'adjustment', 'LARGE-OPENING', 'Large seed opening balance')`,
    [accountId],
  );
  const divisionIds = await one(
    `INSERT INTO divisions (account_id, name) SELECT $1, unnest($2::text[]) RETURNING id`,
    [accountId, [...LARGE_DIVISIONS]],
  );
  const hash = await hashPassword(password);
  const users = largeUsers();
  const userIds: string[] = [];
  for (const u of users) {
    const [id] = await one(
      `INSERT INTO users (account_id, name, email, phone, password_hash, role, status,
         email_verified_at, all_chat, division_only_view)
       VALUES ($1, $2, $3, '6281200009999', $4, $5, 'active', now(), $6, $7) RETURNING id`,
      [accountId, u.name, u.email, hash, u.role, u.allChat, u.divisionOnlyView],
    );
    if (!id) throw new Error(`user ${u.email} not created`);
    userIds.push(id);
    for (const d of u.divisions) {
      await client.query(
        'INSERT INTO user_divisions (account_id, user_id, division_id) VALUES ($1, $2, $3)',
        [accountId, id, divisionIds[d]],
      );
    }
  }
  const agentIds = userIds.filter(
    (_, i) => users[i]?.role === 'agent' && users[i]?.email.startsWith('agent'),
  );
  const supervisorId = userIds[users.findIndex((u) => u.role === 'supervisor')];
  for (const agentId of agentIds.slice(0, SUPERVISED)) {
    await client.query(
      'INSERT INTO supervisor_agents (account_id, supervisor_id, agent_id) VALUES ($1, $2, $3)',
      [accountId, supervisorId, agentId],
    );
  }
  const labelIds = await one(
    `INSERT INTO labels (account_id, name, color)
     SELECT $1, name, color FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS l(name, color, n)
     ORDER BY n RETURNING id`,
    [accountId, LARGE_LABELS.map((l) => l.name), LARGE_LABELS.map((l) => l.color)],
  );
  const channelSpecs = [
    ['WhatsApp Toko 1', 'whatsapp', 'whatsapp_cloud'],
    ['WhatsApp Toko 2', 'whatsapp', 'whatsapp_cloud'],
    ['Instagram Toko', 'instagram', 'instagram'],
    ['Messenger Toko', 'messenger', 'messenger'],
  ] as const;
  const channels: LargeRefs['channels'] = [];
  for (const [index, [name, channel, provider]] of channelSpecs.entries()) {
    const [id] = await one(
      `INSERT INTO channels (account_id, name, channel, provider, external_id, display_phone_number)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        accountId,
        name,
        channel,
        provider,
        `large-${accountId}-${index}`,
        channel === 'whatsapp' ? `62811000090${index}` : null,
      ],
    );
    if (!id) throw new Error(`channel ${name} not created`);
    channels.push({ id, channel });
  }
  return { accountId, channels, agentIds, divisionIds, labelIds };
}

/** How many messages hold each bench search term: the bench's "rare" and "common" made concrete. */
async function reportTerms(client: pg.PoolClient, accountId: string, log: (line: string) => void) {
  for (const [kind, term] of Object.entries(SEARCH_TERMS)) {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM messages WHERE account_id = $1 AND text <> '' AND text ILIKE $2",
      [accountId, `%${term}%`],
    );
    log(
      `search term (${kind}) "${term}": ${Number(rows[0]?.n ?? 0).toLocaleString('en')} messages`,
    );
  }
}
