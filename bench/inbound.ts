// `npm run bench -- inbound`: signed WhatsApp webhooks into a running Sapa (autocannon, 100
// connections) with one agent socket connected, then a mix of WhatsApp, Messenger and Instagram
// webhooks (one in three each), then status updates, then the plain-INSERT ceiling of the same
// PostgreSQL over the same kind of connection.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../scripts/lib/processes.mjs';
import { loginDemoAdmin, startSapaWithDb } from './lib/server-with-db.js';
import { inboundWebhook, pageWebhook, statusWebhook, type SignedWebhook } from './lib/meta.js';
import { postAmount } from './lib/load.js';
import { percentile, pool } from './lib/stats.js';

const MESSAGES = Number(process.env.BENCH_INBOUND_MESSAGES ?? 20_000);
const STATUSES = Number(process.env.BENCH_INBOUND_STATUSES ?? 30_000);
const MIXED = Number(process.env.BENCH_INBOUND_MIXED ?? MESSAGES);
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 100);
const CUSTOMERS = 2_000;

/** Posts `count` webhooks built on demand by `next(i)`; `CONNECTIONS` stay in flight. */
function fire(url: string, count: number, next: (i: number) => SignedWebhook) {
  return postAmount(url, CONNECTIONS, count, next);
}

export async function runInboundBench(): Promise<object> {
  // A local Graph stand-in that knows no media: each download fails once, permanently, as for
  // an expired id (a closed port would make every download retry for the whole run).
  const graphPort = await freePort();
  const graph = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { message: 'Unsupported get request', code: 100, fbtrace_id: 'bench' },
      }),
    );
  }).listen(graphPort, '127.0.0.1');
  const sapa = await startSapaWithDb({
    name: 'inbound',
    poolMax: 20,
    env: { GRAPH_API_URL: `http://127.0.0.1:${graphPort}` },
  });
  const { db } = sapa;
  try {
    const webhookUrl = `${sapa.url}/webhooks/meta`;
    const token = await loginDemoAdmin(sapa.url);
    // One agent socket, in its own process so the load generator never delays receipt.
    const listener = fork(join(import.meta.dirname, 'lib', 'socket-listener.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LISTEN_URL: sapa.url, LISTEN_TOKEN: token },
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('message', (m: { type: string; message?: string }) =>
        m.type === 'ready' ? resolve() : reject(new Error(m.message)),
      );
    });

    // --- inbound messages -------------------------------------------------------------
    console.error(`inbound: ${MESSAGES} messages, ${CONNECTIONS} connections`);
    const sentAt = new Map<string, number>();
    // Warm-up (not counted): connections, prepared statements, JIT.
    await fire(webhookUrl, 1_000, (i) => inboundWebhook(MESSAGES + i, CUSTOMERS).signed);
    const inbound = await fire(webhookUrl, MESSAGES, (i) => {
      const h = inboundWebhook(i, CUSTOMERS);
      sentAt.set(h.wamid, Date.now());
      return h.signed;
    });
    // Give the last events a moment, then collect what the listener saw.
    await new Promise((r) => setTimeout(r, 2_000));
    const report = await new Promise<[string, number][]>((resolve) => {
      listener.once('message', (m: { type: string; received?: [string, number][] }) => {
        if (m.type === 'report') resolve(m.received ?? []);
      });
      listener.send({ type: 'report' });
    });
    const socketLatency = report.flatMap(([wamid, at]) => {
      const t = sentAt.get(wamid);
      return t === undefined ? [] : [at - t];
    });
    const stored =
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE provider_message_id LIKE 'wamid.BENCH.%'`,
        )
      ).rows[0]?.n ?? 0;

    // --- a mix of the three channels: WhatsApp, Messenger, Instagram in turn ---------------
    console.error(`mixed: ${MIXED} messages over WhatsApp, Messenger and Instagram`);
    const mixedAt = new Map<string, number>();
    const mixedStart = Date.now();
    const mixed = await fire(webhookUrl, MIXED, (i) => {
      const kind = i % 3;
      if (kind === 0) {
        const h = inboundWebhook(MESSAGES + 1_000 + i, CUSTOMERS);
        mixedAt.set(h.wamid, Date.now());
        return h.signed;
      }
      const h = pageWebhook(kind === 1 ? 'messenger' : 'instagram', i, CUSTOMERS);
      mixedAt.set(h.mid, Date.now());
      return h.signed;
    });
    await new Promise((r) => setTimeout(r, 2_000));
    const mixedReport = await new Promise<[string, number][]>((resolve) => {
      listener.once('message', (m: { type: string; received?: [string, number][] }) => {
        if (m.type === 'report') resolve(m.received ?? []);
      });
      listener.send({ type: 'report' });
    });
    const mixedLatency = mixedReport.flatMap(([id, at]) => {
      const t = mixedAt.get(id);
      return t === undefined || at < mixedStart ? [] : [at - t];
    });
    listener.send({ type: 'stop' });
    const mixedStored = Object.fromEntries(
      (
        await db.query<{ channel: string; n: number }>(
          `SELECT c.channel, count(*)::int AS n FROM messages m JOIN chats c ON c.id = m.chat_id
           WHERE m.created_at >= to_timestamp($1::double precision / 1000) AND NOT m.from_me
           GROUP BY c.channel`,
          [mixedStart],
        )
      ).rows.map((r) => [r.channel, r.n]),
    );

    // --- statuses: sent for every message, then delivered, then read (as Meta spaces them) --
    // On a WhatsApp chat: the statuses are the number's (the demo has page channels too).
    const outgoing = Math.ceil(STATUSES / 3);
    console.error(`statuses: ${outgoing} outgoing messages × sent/delivered/read`);
    await db.query(`
      INSERT INTO messages (account_id, chat_id, channel_id, provider_message_id, msg_type, text, status, from_me)
      SELECT c.account_id, c.id, c.channel_id, 'wamid.BOUT.' || g, 'text', 'Terima kasih!', 'queue', true
      FROM (SELECT * FROM chats WHERE channel = 'whatsapp' ORDER BY created_at LIMIT 1) c, generate_series(1, ${outgoing}) g`);
    const phases = ['sent', 'delivered', 'read'] as const;
    const statuses = await fire(webhookUrl, outgoing * 3, (i) =>
      statusWebhook(`wamid.BOUT.${(i % outgoing) + 1}`, phases[Math.floor(i / outgoing)] ?? 'read'),
    );
    const read =
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE provider_message_id LIKE 'wamid.BOUT.%' AND status = 'read'`,
        )
      ).rows[0]?.n ?? 0;

    // --- the ceiling: plain single-row INSERTs of the same messages ----------------------
    console.error('ceiling: plain single-row INSERTs');
    await db.query('CREATE TABLE bench_plain_messages (LIKE messages INCLUDING ALL)');
    const sample = (
      await db.query<{ account_id: string; chat_id: string; channel_id: string }>(
        'SELECT account_id, id AS chat_id, channel_id FROM chats LIMIT 1',
      )
    ).rows[0]!;
    const t2 = performance.now();
    await pool(MESSAGES, CONNECTIONS, async (i) => {
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
    const plainPerSecond = Math.round(MESSAGES / ((performance.now() - t2) / 1000));

    return {
      name: 'inbound',
      messages: MESSAGES,
      connections: CONNECTIONS,
      inbound: {
        acceptedPerSecond: inbound.perSecond,
        non2xx: inbound.non2xx,
        errors: inbound.errors,
        stored,
        answerMs: { p50: inbound.p50, p99: inbound.p99 },
        webhookToSocketMs: {
          p50: percentile(socketLatency, 50),
          p99: percentile(socketLatency, 99),
          received: socketLatency.length,
        },
      },
      mixed: {
        messages: MIXED,
        acceptedPerSecond: mixed.perSecond,
        non2xx: mixed.non2xx,
        errors: mixed.errors,
        storedByChannel: mixedStored,
        answerMs: { p50: mixed.p50, p99: mixed.p99 },
        webhookToSocketMs: {
          p50: percentile(mixedLatency, 50),
          p99: percentile(mixedLatency, 99),
          received: mixedLatency.length,
        },
      },
      statuses: {
        count: outgoing * 3,
        perSecond: statuses.perSecond,
        non2xx: statuses.non2xx,
        endedRead: read,
        answerMs: { p50: statuses.p50, p99: statuses.p99 },
      },
      plainInsertPerSecond: plainPerSecond,
      ratioToPlainInsert: Math.round((inbound.perSecond / plainPerSecond) * 100) / 100,
      targets: {
        inboundPerSecond: 1500,
        statusesPerSecond: 3000,
        webhookToSocketP99Ms: 100,
        ratioToPlainInsert: 0.3,
      },
    };
  } finally {
    await sapa.stop();
    graph.close();
  }
}
