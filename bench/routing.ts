// `npm run bench -- routing`: 2,000 new conversations arriving at once (signed webhooks, 100
// connections) to an account with auto-assignment and division routing on, 5 divisions and 50
// online agents (10 per division). Prints the assignment rate, p99 from webhook to the admin's
// `chat.assigned`, and the spread of open chats per agent (max − min) within each division.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type pg from 'pg';
import { DEMO_PHONE_NUMBER_ID, signWebhook } from './lib/meta.js';
import { loginDemoAdmin, startSapaWithDb } from './lib/server-with-db.js';
import { postAmount } from './lib/load.js';
import { percentile } from './lib/stats.js';

const CONVERSATIONS = Number(process.env.BENCH_ROUTING_CONVERSATIONS ?? 2_000);
const DIVISIONS = 5;
const AGENTS_PER_DIVISION = 10;
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 100);

// Warm-up conversations (not measured) come from other numbers, filed the same way.
const WARMUP = Number(process.env.BENCH_ROUTING_WARMUP ?? 500);
const customer = (i: number) => `62819${String(i).padStart(7, '0')}`;
const warmupCustomer = (i: number) => `62818${String(i).padStart(7, '0')}`;

function firstMessage(i: number, from = customer(i)) {
  return signWebhook({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '6281100000001',
                phone_number_id: DEMO_PHONE_NUMBER_ID,
              },
              contacts: [{ profile: { name: `Pelanggan ${i}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.ROUTE.${i}.${Date.now().toString(36)}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: 'Halo kak, mau tanya soal pesanan' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/**
 * The account as routing needs it, written straight to the database: divisions, agents with
 * a connected socket each (presence rows, as the socket hook writes them), the settings, and the
 * customers' chats already filed under a division (as a greeting choice or an import leaves
 * them) but with no message yet, so each webhook is the conversation's first message.
 */
async function prepare(db: pg.Pool): Promise<{ accountId: string; divisionIds: string[] }> {
  const { rows } = await db.query<{ account_id: string; id: string }>(
    'SELECT account_id, id FROM channels WHERE external_id = $1',
    [DEMO_PHONE_NUMBER_ID],
  );
  const channel = rows[0];
  if (!channel) throw new Error('demo channel missing');
  const accountId = channel.account_id;
  const divisionIds: string[] = [];
  for (let d = 0; d < DIVISIONS; d++) {
    const div = await db.query<{ id: string }>(
      'INSERT INTO divisions (account_id, name) VALUES ($1, $2) RETURNING id',
      [accountId, `Bench division ${d + 1}`],
    );
    const divisionId = div.rows[0]!.id;
    divisionIds.push(divisionId);
    await db.query(
      `WITH u AS (
         INSERT INTO users (account_id, name, email, phone, password_hash, role, status, email_verified_at, all_chat)
         SELECT $1, 'Bench agent ' || $3::int || '-' || g, 'bench-' || $3::int || '-' || g || '@bench.sapa.id',
                '81200000000', 'x', 'agent', 'active', now(), false
         FROM generate_series(1, $4::int) g RETURNING id
       ), ud AS (
         INSERT INTO user_divisions (account_id, user_id, division_id) SELECT $1, id, $2 FROM u
       )
       INSERT INTO user_presence (user_id, account_id, status, connections) SELECT id, $1, 'online', 1 FROM u`,
      [accountId, divisionId, d + 1, AGENTS_PER_DIVISION],
    );
  }
  // BENCH_ROUTING_OFF=1 measures the same webhooks with routing off (the ingest baseline).
  const on = process.env.BENCH_ROUTING_OFF === '1' ? 'false' : 'true';
  await db.query(
    `INSERT INTO settings (account_id, key, value) VALUES ($1, 'currentAutoAssign', '${on}'), ($1, 'isRouteDivision', 'true')
     ON CONFLICT (account_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [accountId],
  );
  for (const [prefix, count] of [
    ['819', CONVERSATIONS],
    ['818', WARMUP],
  ] as const) {
    await db.query(
      `WITH c AS (
         INSERT INTO contacts (account_id, name, phone)
         SELECT $1, 'Pelanggan ' || g, $5 || lpad(g::text, 7, '0') FROM generate_series(0, $3::int - 1) g
         ON CONFLICT DO NOTHING RETURNING id, phone
       )
       INSERT INTO chats (account_id, channel_id, contact_id, channel, identifier, name, division_ids)
       SELECT $1, $2, c.id, 'whatsapp', '62' || c.phone, 'Pelanggan',
              ARRAY[($4::uuid[])[1 + (substr(c.phone, 4)::int % ${DIVISIONS})]]
       FROM c`,
      [accountId, channel.id, count, divisionIds, prefix],
    );
  }
  // Statistics for the bulk-loaded rows, as autovacuum would have them before real traffic.
  await db.query('ANALYZE');
  return { accountId, divisionIds };
}

export async function runRoutingBench(): Promise<object> {
  const sapa = await startSapaWithDb({ name: 'routing', poolMax: 10 });
  const { db } = sapa;
  try {
    const { accountId, divisionIds } = await prepare(db);
    const token = await loginDemoAdmin(sapa.url);
    const listener = fork(join(import.meta.dirname, 'lib', 'assigned-listener.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LISTEN_URL: sapa.url, LISTEN_TOKEN: token },
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('message', (m: { type: string; message?: string }) =>
        m.type === 'ready' ? resolve() : reject(new Error(m.message)),
      );
    });
    // Routing reads settings through a 2-second cache: let any earlier read expire.
    await new Promise((r) => setTimeout(r, 2_100));

    // Warm-up: a server that has been running (connections, plans, JIT), as in production. Its
    // chats are assigned too, so the measured burst is balanced against them.
    if (WARMUP > 0) {
      console.error(`warm-up: ${WARMUP} conversations (not measured)`);
      await postAmount(`${sapa.url}/webhooks/meta`, CONNECTIONS, WARMUP, (n) =>
        firstMessage(n, warmupCustomer(n)),
      );
      await new Promise((r) => setTimeout(r, 1_000));
    }
    console.error(`routing: ${CONVERSATIONS} conversations, ${CONNECTIONS} connections`);
    const sentAt = new Map<string, number>();
    const started = Date.now();
    const result = await postAmount(
      `${sapa.url}/webhooks/meta`,
      CONNECTIONS,
      CONVERSATIONS,
      (n) => {
        sentAt.set(customer(n), Date.now());
        return firstMessage(n);
      },
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const report = await new Promise<[string, number][]>((resolve) => {
      listener.on('message', (m: { type: string; received?: [string, number][] }) => {
        if (m.type === 'report') resolve(m.received ?? []);
      });
      listener.send({ type: 'report' });
    });
    const latency = report.flatMap(([who, at]) => {
      const t = sentAt.get(who);
      return t === undefined ? [] : [at - t];
    });
    const lastAt = Math.max(...report.map(([, at]) => at));

    const counts = await db.query<{ assigned: number; unassigned: number }>(
      `SELECT count(*) FILTER (WHERE agent_id IS NOT NULL)::int AS assigned,
              count(*) FILTER (WHERE agent_id IS NULL)::int AS unassigned
       FROM chats WHERE account_id = $1 AND identifier LIKE '62819%'`,
      [accountId],
    );
    const wrongDivision = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chats c WHERE c.account_id = $1 AND c.agent_id IS NOT NULL
         AND c.identifier LIKE '62819%'
         AND NOT EXISTS (SELECT 1 FROM user_divisions ud WHERE ud.user_id = c.agent_id AND ud.division_id = ANY(c.division_ids))`,
      [accountId],
    );
    const spread = await db.query<{ division_id: string; spread: number }>(
      `SELECT ud.division_id, (max(n) - min(n))::int AS spread FROM (
         SELECT u.id, (SELECT count(*) FROM chats c WHERE c.agent_id = u.id AND c.flag <> 'gray' AND NOT c.is_archive) AS n
         FROM users u WHERE u.account_id = $1 AND u.email LIKE 'bench-%'
       ) per JOIN user_divisions ud ON ud.user_id = per.id
       WHERE ud.division_id = ANY($2::uuid[]) GROUP BY ud.division_id`,
      [accountId, divisionIds],
    );
    const assigned = counts.rows[0]?.assigned ?? 0;
    return {
      name: 'routing',
      conversations: CONVERSATIONS,
      divisions: DIVISIONS,
      onlineAgents: DIVISIONS * AGENTS_PER_DIVISION,
      webhooks: {
        perSecond: result.perSecond,
        non2xx: result.non2xx,
        errors: result.errors,
        answerP99Ms: result.p99,
      },
      assigned,
      unassigned: counts.rows[0]?.unassigned ?? 0,
      assignedOutsideDivision: wrongDivision.rows[0]?.n ?? 0,
      assignmentsPerSecond: Math.round(assigned / ((lastAt - started) / 1000)),
      webhookToAssignedMs: {
        p50: percentile(latency, 50),
        p99: percentile(latency, 99),
        received: latency.length,
      },
      spreadPerDivision: Math.max(...spread.rows.map((r) => r.spread)),
      targets: { webhookToAssignedP99Ms: 200, spreadPerDivision: 1, unassigned: 0 },
    };
  } finally {
    await sapa.stop();
  }
}
