// `npm run bench -- inbound`: signed WhatsApp webhooks into a running Sapa with one agent socket
// connected, then status updates, then the plain-INSERT ceiling of the same PostgreSQL.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import {
  freePort,
  makeTempDir,
  removeDir,
  sapaServerService,
  startService,
} from '../scripts/lib/processes.mjs';
import { login } from './lib/sapa.js';
import { BENCH_APP_SECRET, inboundWebhook, statusWebhook, type SignedWebhook } from './lib/meta.js';
import { percentile, pool } from './lib/stats.js';

const MESSAGES = Number(process.env.BENCH_INBOUND_MESSAGES ?? 20_000);
const STATUSES = Number(process.env.BENCH_INBOUND_STATUSES ?? 30_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const CUSTOMERS = 2_000;

async function post(url: string, w: SignedWebhook): Promise<{ ok: boolean; ms: number }> {
  const t = performance.now();
  const res = await fetch(url, { method: 'POST', body: w.body, headers: w.headers });
  await res.arrayBuffer();
  return { ok: res.status === 200, ms: performance.now() - t };
}

export async function runInboundBench(): Promise<object> {
  const dataDir = makeTempDir('sapa-bench-inbound-');
  const pgPort = await freePort();
  const service = sapaServerService({
    port: await freePort(),
    dataDir,
    pgPort,
    // Media downloads go to a closed local port: they fail fast and never leave the machine.
    env: {
      META_APP_SECRET: BENCH_APP_SECRET,
      GRAPH_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'error',
    },
  });
  const handle = await startService(service, { readyTimeoutMs: 90_000 });
  const db = new pg.Pool({
    connectionString: `postgres://postgres:sapa@127.0.0.1:${pgPort}/sapa`,
    max: 20,
  });
  try {
    const webhookUrl = `${service.url}/webhooks/meta`;
    const token = await login(
      service.url,
      'admin@demo.sapa.id',
      process.env.DEMO_PASSWORD ?? 'Sapa12345',
    );
    const socket = io(service.url, { auth: { token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });

    // --- inbound messages -------------------------------------------------------------
    console.error(`inbound: ${MESSAGES} messages, ${CONCURRENCY} concurrent`);
    const hooks = Array.from({ length: MESSAGES }, (_, i) => inboundWebhook(i, CUSTOMERS));
    const sentAt = new Map<string, number>();
    const socketLatency: number[] = [];
    socket.on('new.message.in', (e: { message: { providerMessageId: string | null } }) => {
      const t = e.message.providerMessageId ? sentAt.get(e.message.providerMessageId) : undefined;
      if (t !== undefined) socketLatency.push(performance.now() - t);
    });
    // Warm up connections and caches with a few hundred messages that are not counted.
    const warm = Array.from({ length: 300 }, (_, i) => inboundWebhook(MESSAGES + i, CUSTOMERS));
    await pool(
      warm.length,
      CONCURRENCY,
      async (i) => void (await post(webhookUrl, warm[i]!.signed)),
    );

    const answer: number[] = [];
    let failed = 0;
    const t0 = performance.now();
    await pool(hooks.length, CONCURRENCY, async (i) => {
      const h = hooks[i]!;
      sentAt.set(h.wamid, performance.now());
      const r = await post(webhookUrl, h.signed);
      answer.push(r.ms);
      if (!r.ok) failed++;
    });
    const inboundSeconds = (performance.now() - t0) / 1000;
    const deadline = Date.now() + 15_000;
    while (socketLatency.length < MESSAGES && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const stored =
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE provider_message_id LIKE 'wamid.BENCH.%'`,
        )
      ).rows[0]?.n ?? 0;

    // --- statuses ---------------------------------------------------------------------
    const outgoing = Math.ceil(STATUSES / 3);
    console.error(`statuses: ${outgoing} outgoing messages × sent/delivered/read`);
    await db.query(`
      INSERT INTO messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, status, from_me)
      SELECT c.account_id, c.id, c.channel_id, 'wamid.BOUT.' || g, 'text', 'Terima kasih!', 'sent', true
      FROM (SELECT * FROM chats ORDER BY created_at LIMIT 1) c, generate_series(1, ${outgoing}) g`);
    const statusHooks: SignedWebhook[] = [];
    for (let i = 1; i <= outgoing; i++)
      for (const s of ['sent', 'delivered', 'read'] as const)
        statusHooks.push(statusWebhook(`wamid.BOUT.${i}`, s));
    const statusAnswer: number[] = [];
    let statusFailed = 0;
    const t1 = performance.now();
    await pool(statusHooks.length, CONCURRENCY, async (i) => {
      const r = await post(webhookUrl, statusHooks[i]!);
      statusAnswer.push(r.ms);
      if (!r.ok) statusFailed++;
    });
    const statusSeconds = (performance.now() - t1) / 1000;
    const read =
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE provider_message_id LIKE 'wamid.BOUT.%' AND status = 'read'`,
        )
      ).rows[0]?.n ?? 0;
    socket.disconnect();

    // --- the ceiling: plain single-row INSERTs of the same messages ----------------------
    console.error('ceiling: plain single-row INSERTs');
    await db.query('CREATE TABLE bench_plain_messages (LIKE messages INCLUDING ALL)');
    const sample = (
      await db.query<{ account_id: string; chat_id: string; channel_id: string }>(
        'SELECT account_id, id AS chat_id, channel_id FROM chats LIMIT 1',
      )
    ).rows[0]!;
    const t2 = performance.now();
    await pool(MESSAGES, CONCURRENCY, async (i) => {
      await db.query(
        `INSERT INTO bench_plain_messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, payload, status, from_me)
         VALUES ($1, $2, $3, $4, 'text', $5, '{}', 'received', false)`,
        [
          sample.account_id,
          sample.chat_id,
          sample.channel_id,
          `plain.${i}`,
          `Halo kak, pesanan nomor ${i} sudah dikirim belum?`,
        ],
      );
    });
    const plainPerSecond = MESSAGES / ((performance.now() - t2) / 1000);
    const inboundPerSecond = MESSAGES / inboundSeconds;

    return {
      name: 'inbound',
      messages: MESSAGES,
      concurrency: CONCURRENCY,
      inbound: {
        acceptedPerSecond: Math.round(inboundPerSecond),
        failed,
        stored,
        answerMs: { p50: percentile(answer, 50), p99: percentile(answer, 99) },
        webhookToSocketMs: {
          p50: percentile(socketLatency, 50),
          p99: percentile(socketLatency, 99),
          received: socketLatency.length,
        },
      },
      statuses: {
        count: statusHooks.length,
        perSecond: Math.round(statusHooks.length / statusSeconds),
        failed: statusFailed,
        endedRead: read,
        answerMs: { p50: percentile(statusAnswer, 50), p99: percentile(statusAnswer, 99) },
      },
      plainInsertPerSecond: Math.round(plainPerSecond),
      ratioToPlainInsert: Math.round((inboundPerSecond / plainPerSecond) * 100) / 100,
      targets: {
        inboundPerSecond: 1500,
        statusesPerSecond: 3000,
        webhookToSocketP99Ms: 100,
        ratioToPlainInsert: 0.3,
      },
    };
  } finally {
    await db.end();
    await handle.stop();
    removeDir(dataDir);
  }
}
