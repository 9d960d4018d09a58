// `npm run bench -- api-sends` (issue 19's benchmark, also run by `npm run bench -- webhooks`):
// API sends per second through `POST /api/messages` against the Meta sandbox, on the built
// bundles. An integrator's client at 50 connections sends text messages to 500 open chats of the
// demo account: once without `Idempotency-Key`, once with a fresh key on every request, then
// every keyed request again (a client retrying all of them: each must be answered from its first
// answer, sending nothing). Accepted = answered 201. Then waits for the worker to hand every
// message to the sandbox and reads the sandbox's ledger: sends received, duplicates, misses.
// Authenticates with an API key when the server has them (`POST /api/api-keys`), else with a
// signed-in admin's token (the same route and checks; `auth` in the output says which).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  ROOT,
  freePort,
  makeTempDir,
  removeDir,
  sandboxService,
  sapaServerService,
  startService,
  type ServiceHandle,
} from '../scripts/lib/processes.mjs';
import { setRates } from './lib/broadcast-api.js';
import { postAmount, type PostFigures } from './lib/load.js';
import { BENCH_APP_SECRET, DEMO_PHONE_NUMBER_ID } from './lib/meta.js';
import { login } from './lib/sapa.js';

const SENDS = Number(process.env.BENCH_API_SENDS ?? 10_000);
const CHATS = 500;
const CONNECTIONS = 50;
const TARGET_PER_SECOND = 1_000;
const PREFIX = '62852';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The demo account with funds and 500 chats whose customers wrote a moment ago (window open). */
async function prepare(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ account_id: string; id: string }>(
    'SELECT account_id, id FROM channels WHERE external_id = $1',
    [DEMO_PHONE_NUMBER_ID],
  );
  const channel = rows[0];
  if (!channel) throw new Error('demo channel missing');
  await db.query(
    `INSERT INTO balance_ledger (account_id, amount, balance_after, kind, description, created_at)
     SELECT $1, 500000000, coalesce((SELECT balance_after FROM balance_ledger WHERE account_id = $1
       ORDER BY id DESC LIMIT 1), 0) + 500000000, 'topup', 'api sends bench', now()`,
    [channel.account_id],
  );
  const chats = await db.query<{ id: string }>(
    `WITH c AS (
       INSERT INTO contacts (account_id, name, phone, attributes)
       SELECT $1, 'API bench ' || n, $3 || lpad(n::text, 7, '0'), '{}'
       FROM generate_series(1, $4::int) n RETURNING id, phone)
     INSERT INTO chats (account_id, channel_id, contact_id, channel, identifier, name, initiate_at,
       last_update, flag)
     SELECT $1, $2, c.id, 'whatsapp', c.phone, 'API bench', now(), now(), 'red' FROM c
     RETURNING id`,
    [channel.account_id, channel.id, PREFIX, CHATS],
  );
  return chats.rows.map((r) => r.id);
}

/** An API key if this server has them (issue 19 §1), else the signed-in admin's token. */
async function credentials(base: string): Promise<{ auth: 'api-key' | 'session'; bearer: string }> {
  const token = await login(base, 'admin@demo.sapa.id', process.env.DEMO_PASSWORD ?? 'Sapa12345');
  const res = await fetch(`${base}/api/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'api sends bench', scopes: ['messages:send', 'messages:read'] }),
  });
  if (res.status === 201 || res.status === 200) {
    const body = (await res.json()) as Record<string, unknown>;
    const key = [body.key, body.token, body.secret].find((v) => typeof v === 'string');
    if (typeof key === 'string') return { auth: 'api-key', bearer: key };
  }
  return { auth: 'session', bearer: token };
}

function phase(
  base: string,
  bearer: string,
  chatIds: string[],
  keys: string[] | null,
): Promise<PostFigures> {
  return postAmount(`${base}/api/messages`, CONNECTIONS, SENDS, (i) => ({
    body: JSON.stringify({ chatId: chatIds[i % chatIds.length], text: `API bench message ${i}` }),
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      ...(keys ? { 'idempotency-key': keys[i] ?? '' } : {}),
    },
  }));
}

const summary = (f: PostFigures) => ({
  acceptedPerSecond: f.perSecond,
  ms: f.ms,
  p50: f.p50,
  p99: f.p99,
  non2xx: f.non2xx,
  errors: f.errors,
});

async function outbound(db: pg.Pool, chatIds: string[]) {
  const { rows } = await db.query<{ total: string; waiting: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'queue') AS waiting
     FROM messages WHERE chat_id = ANY($1::uuid[]) AND from_me`,
    [chatIds],
  );
  return { total: Number(rows[0]?.total ?? 0), waiting: Number(rows[0]?.waiting ?? 0) };
}

export async function runApiSendsBench(): Promise<object> {
  for (const dist of ['apps/server/dist/main.js', 'apps/sandbox/dist/main.js'])
    if (!existsSync(join(ROOT, dist)))
      throw new Error(`${dist} missing: run npm run build first (the bench runs the bundles)`);
  const dataDir = makeTempDir('sapa-bench-api-sends-');
  const [webPort, pgPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const handles: ServiceHandle[] = [];
  let db: pg.Pool | null = null;
  try {
    handles.push(
      await startService(
        sandboxService({
          port: sandboxPort,
          webhookUrl: `http://127.0.0.1:${webPort}/webhooks/meta`,
          appSecret: BENCH_APP_SECRET,
        }),
      ),
    );
    const web = sapaServerService({
      port: webPort,
      dataDir,
      pgPort,
      env: { META_APP_SECRET: BENCH_APP_SECRET, GRAPH_API_URL: sandboxUrl, LOG_LEVEL: 'error' },
    });
    handles.push(await startService(web, { readyTimeoutMs: 90_000 }));
    const dbUrl = `postgres://postgres:sapa@localhost:${pgPort}/sapa?host=${encodeURIComponent(join(dataDir, 'pg'))}`;
    db = new pg.Pool({ connectionString: dbUrl, max: 2 });
    db.on('error', () => undefined);
    const chatIds = await prepare(db);
    const channel = await db.query<{ id: string }>(
      'SELECT id FROM channels WHERE external_id = $1',
      [DEMO_PHONE_NUMBER_ID],
    );
    await setRates(db, sandboxUrl, channel.rows[0]!.id, 2_000);
    const { auth, bearer } = await credentials(web.url);

    console.error(`api-sends: ${SENDS} sends without Idempotency-Key (${auth})`);
    const plain = await phase(web.url, bearer, chatIds, null);
    const keys = Array.from({ length: SENDS }, () => randomUUID());
    console.error(`api-sends: ${SENDS} sends, each with its own Idempotency-Key`);
    const keyed = await phase(web.url, bearer, chatIds, keys);
    console.error(`api-sends: the same ${SENDS} keyed requests again (retries)`);
    const retried = await phase(web.url, bearer, chatIds, keys);
    const stored = await outbound(db, chatIds);

    // Every message handed to the sandbox (or given up on) before reading its ledger.
    const drainStarted = Date.now();
    let left = stored.waiting;
    while (left > 0 && Date.now() - drainStarted < 180_000) {
      await sleep(500);
      left = (await outbound(db, chatIds)).waiting;
    }
    const res = await fetch(
      `${sandboxUrl}/sandbox/ledger?phoneNumberId=${DEMO_PHONE_NUMBER_ID}&counts=true`,
    );
    const counts = Object.entries(((await res.json()) as { counts: Record<string, number> }).counts)
      .filter(([to]) => to.startsWith(PREFIX))
      .map(([, c]) => c);
    const received = counts.reduce((a, b) => a + b, 0);
    const accepted = SENDS * 2 - plain.non2xx - keyed.non2xx;
    return {
      name: 'api-sends',
      auth,
      connections: CONNECTIONS,
      sends: SENDS,
      chats: CHATS,
      withoutKey: summary(plain),
      withKey: summary(keyed),
      retriesOfKeyed: summary(retried),
      storedOutbound: stored.total,
      accepted,
      sandbox: {
        received,
        stillQueued: left,
        drainMs: Date.now() - drainStarted,
        // One message per accepted request: retries must have sent nothing.
        duplicates: Math.max(0, received - accepted),
        misses: Math.max(0, accepted - received - left),
      },
      target: TARGET_PER_SECOND,
    };
  } finally {
    await db?.end();
    for (const h of handles.reverse()) await h.stop();
    removeDir(dataDir);
  }
}
