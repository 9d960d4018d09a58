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
const DRAIN_MS = Number(process.env.BENCH_API_SENDS_DRAIN_MS ?? 180_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The demo account with funds, and 500 customers who just wrote to it (their window is open). */
async function prepare(db: pg.Pool, sandboxUrl: string): Promise<string[]> {
  const { rows } = await db.query<{ account_id: string }>(
    'SELECT account_id FROM channels WHERE external_id = $1',
    [DEMO_PHONE_NUMBER_ID],
  );
  const accountId = rows[0]?.account_id;
  if (!accountId) throw new Error('demo channel missing');
  await db.query(
    `INSERT INTO balance_ledger (account_id, amount, balance_after, kind, description, created_at)
     SELECT $1, 500000000, coalesce((SELECT balance_after FROM balance_ledger WHERE account_id = $1
       ORDER BY id DESC LIMIT 1), 0) + 500000000, 'topup', 'api sends bench', now()`,
    [accountId],
  );
  // Through the sandbox, as Meta would: it holds each customer's 24 h window itself.
  const numbers = Array.from({ length: CHATS }, (_, i) => `${PREFIX}${String(i).padStart(7, '0')}`);
  for (let i = 0; i < numbers.length; i += 25)
    await Promise.all(
      numbers.slice(i, i + 25).map(async (waId) => {
        const res = await fetch(`${sandboxUrl}/sandbox/customers/${waId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            phoneNumberId: DEMO_PHONE_NUMBER_ID,
            name: `API bench ${waId}`,
            type: 'text',
            text: 'Halo, status pesanan saya?',
          }),
        });
        if (res.status !== 201) throw new Error(`customer ${waId}: ${await res.text()}`);
      }),
    );
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(250)) {
    const chats = await db.query<{ id: string }>(
      'SELECT id FROM chats WHERE account_id = $1 AND identifier LIKE $2',
      [accountId, `${PREFIX}%`],
    );
    if (chats.rows.length === CHATS) return chats.rows.map((r) => r.id);
  }
  throw new Error(`the ${CHATS} customers' chats did not all arrive in 60 s`);
}

/**
 * An API key if this server has them (issue 19 §1) and lets it send (one probe send), else the
 * signed-in admin's token: the same route, checks and work, so the figure stands either way.
 */
async function credentials(
  base: string,
  chatId: string,
): Promise<{ auth: 'api-key' | 'session'; bearer: string; keyRefused?: string }> {
  const token = await login(base, 'admin@demo.sapa.id', process.env.DEMO_PASSWORD ?? 'Sapa12345');
  // An admin turns the REST API on for the account (API-only accounts have it on already).
  await fetch(`${base}/api/settings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ settings: [{ key: 'enable_rest_api', value: 'true' }] }),
  });
  const res = await fetch(`${base}/api/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'api sends bench', scopes: ['messages:send', 'messages:read'] }),
  });
  if (res.status !== 201) return { auth: 'session', bearer: token, keyRefused: `${res.status}` };
  const { key } = (await res.json()) as { key: string };
  const probe = await fetch(`${base}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, text: 'API probe' }),
  });
  if (probe.status === 201) return { auth: 'api-key', bearer: key };
  const { code } = (await probe.json()) as { code?: string };
  return { auth: 'session', bearer: token, keyRefused: `${probe.status} ${code ?? ''}`.trim() };
}

function phase(
  base: string,
  bearer: string,
  chatIds: string[],
  label: string,
  keys: string[] | null,
): Promise<PostFigures> {
  return postAmount(`${base}/api/messages`, CONNECTIONS, SENDS, (i) => ({
    // One text per request: the sandbox's copy tells a duplicate from a second message.
    body: JSON.stringify({ chatId: chatIds[i % chatIds.length], text: `API bench ${label} ${i}` }),
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      ...(keys ? { 'idempotency-key': keys[i] ?? '' } : {}),
    },
  }));
}

const perSecond = (n: number, ms: number) => (ms > 0 ? Math.round((n * 1000) / ms) : null);

const summary = (f: PostFigures) => ({
  acceptedPerSecond: f.perSecond,
  ms: f.ms,
  p50: f.p50,
  p99: f.p99,
  non2xx: f.non2xx,
  errors: f.errors,
});

/** Outbound messages of the bench's chats by status, and one failure reason if any failed. */
async function statuses(db: pg.Pool, chatIds: string[]) {
  const { rows } = await db.query<{ status: string; n: string; reason: string | null }>(
    `SELECT status, count(*) AS n, max(error::text) AS reason FROM messages
     WHERE chat_id = ANY($1::uuid[]) AND from_me GROUP BY status`,
    [chatIds],
  );
  return Object.fromEntries(rows.map((r) => [r.status, { n: Number(r.n), reason: r.reason }]));
}

async function outbound(db: pg.Pool, chatIds: string[]) {
  const { rows } = await db.query<{ total: string; waiting: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'queue') AS waiting
     FROM messages WHERE chat_id = ANY($1::uuid[]) AND from_me`,
    [chatIds],
  );
  return { total: Number(rows[0]?.total ?? 0), waiting: Number(rows[0]?.waiting ?? 0) };
}

/** How many times the sandbox received each of the bench's texts from the business. */
async function sandboxTexts(sandboxUrl: string): Promise<Map<string, number>> {
  const texts = new Map<string, number>();
  for (let i = 0; i < CHATS; i++) {
    const waId = `${PREFIX}${String(i).padStart(7, '0')}`;
    const res = await fetch(
      `${sandboxUrl}/sandbox/conversations?number=${DEMO_PHONE_NUMBER_ID}&customer=${waId}`,
    );
    const { data } = (await res.json()) as {
      data: { from: string; type: string; content: { body?: string } }[];
    };
    for (const m of data)
      if (m.from === 'business' && m.type === 'text' && m.content.body?.startsWith('API bench '))
        texts.set(m.content.body, (texts.get(m.content.body) ?? 0) + 1);
  }
  return texts;
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
    const chatIds = await prepare(db, sandboxUrl);
    const channel = await db.query<{ id: string }>(
      'SELECT id FROM channels WHERE external_id = $1',
      [DEMO_PHONE_NUMBER_ID],
    );
    await setRates(db, sandboxUrl, channel.rows[0]!.id, 1_000);
    const { auth, bearer, keyRefused } = await credentials(web.url, chatIds[0]!);

    console.error(`api-sends: ${SENDS} sends without Idempotency-Key (${auth})`);
    const sendsStarted = Date.now();
    const plain = await phase(web.url, bearer, chatIds, 'plain', null);
    const keys = Array.from({ length: SENDS }, () => randomUUID());
    console.error(`api-sends: ${SENDS} sends, each with its own Idempotency-Key`);
    const keyed = await phase(web.url, bearer, chatIds, 'keyed', keys);
    console.error(`api-sends: the same ${SENDS} keyed requests again (retries)`);
    const retried = await phase(web.url, bearer, chatIds, 'keyed', keys);
    const stored = await outbound(db, chatIds);

    // Every message handed to the sandbox (or given up on) before reading its ledger.
    const drainStarted = Date.now();
    let left = stored.waiting;
    while (left > 0 && Date.now() - drainStarted < DRAIN_MS) {
      await sleep(100);
      left = (await outbound(db, chatIds)).waiting;
    }
    const drainEnded = Date.now();
    const texts = await sandboxTexts(sandboxUrl);
    const received = [...texts.values()].reduce((a, b) => a + b, 0);
    const accepted = SENDS * 2 - plain.non2xx - keyed.non2xx;
    return {
      name: 'api-sends',
      auth,
      ...(keyRefused ? { keyRefused } : {}),
      connections: CONNECTIONS,
      sends: SENDS,
      chats: CHATS,
      withoutIdempotencyKey: summary(plain),
      withIdempotencyKey: summary(keyed),
      // Each answered from its first answer: nothing sent again.
      idempotentRetries: summary(retried),
      storedOutbound: stored.total,
      statuses: await statuses(db, chatIds),
      accepted,
      sandbox: {
        received,
        stillQueued: left,
        drainMs: drainEnded - drainStarted,
        // The provider drain: messages out of the queue per second, from the first send to the
        // last one out (the accept phases included), and after the accept phases alone.
        queuedAfterAccept: stored.waiting,
        drainPerSecond: perSecond(stored.total - left, drainEnded - sendsStarted),
        drainPerSecondAfterAccept: perSecond(stored.waiting - left, drainEnded - drainStarted),
        // Texts the business sent more than once (a retry that sent again would show here).
        duplicates: [...texts.values()].filter((n) => n > 1).length,
        // Accepted, not queued any more, and never reached the sandbox.
        misses: Math.max(0, accepted - texts.size - left),
      },
      target: TARGET_PER_SECOND,
    };
  } finally {
    await db?.end();
    for (const h of handles.reverse()) await h.stop();
    removeDir(dataDir);
  }
}
