// `npm run bench -- webhooks` (issue 19 §5): outbound webhooks to a local receiver.
//   baseline: 5,000 customer messages before any endpoint exists (ingest alone, same run).
//   spine:  20,000 customer messages as signed Meta webhooks (100 connections); each becomes a
//           `message.received` event on the spine and a signed POST to the receiver. Deliveries
//           per second; p99 from the event's birth (its outbox row, written just after the
//           message's commit) to the receiver having it, and from the Meta webhook's POST.
//   drain:  20,000 events written to the outbox at once: how fast the worker empties it.
//   outage: the receiver is down for 60 s while messages keep arriving, then back: every event
//           delivered, none lost, and any event received twice is a retry of the same webhook-id.
// The server runs with WEBHOOK_RETRY_SCHEDULE=0,5,10,… so the outage is retried within seconds of
// its end (the default waits 5 minutes before the third attempt).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { inboundWebhook } from './lib/meta.js';
import { postAmount } from './lib/load.js';
import { loginDemoAdmin, startSapaWithDb } from './lib/server-with-db.js';
import { percentile } from './lib/stats.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 100);
const OUTAGE_MS = Number(process.env.BENCH_WEBHOOK_OUTAGE_MS ?? 60_000);
const OUTAGE_EVENTS = Number(process.env.BENCH_WEBHOOK_OUTAGE_EVENTS ?? 3_000);
const BASELINE = Number(process.env.BENCH_WEBHOOK_BASELINE ?? 5_000);
const CUSTOMERS = 2_000;

/** The receiver: the first arrival of each webhook-id, and how many times each came. */
class Receiver {
  readonly first = new Map<string, { at: number; body: string }>();
  readonly count = new Map<string, number>();
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        if (!this.first.has(id))
          this.first.set(id, { at: Date.now(), body: Buffer.concat(chunks).toString('utf8') });
        this.count.set(id, (this.count.get(id) ?? 0) + 1);
        res.writeHead(200).end('ok');
      });
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Down as a crashed receiver is: connections refused. */
  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server = null;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

interface Bench {
  url: string;
  db: pg.Pool;
  receiver: Receiver;
  accountId: string;
  endpointId: string;
}

/** Sends `count` customer messages and answers when each was sent, by its wamid. */
async function sendMessages(b: Bench, from: number, count: number, connections: number) {
  const sentAt = new Map<string, number>();
  const figures = await postAmount(`${b.url}/webhooks/meta`, connections, count, (n) => {
    const w = inboundWebhook(from + n, CUSTOMERS);
    sentAt.set(w.wamid, Date.now());
    return w.signed;
  });
  return { sentAt, figures };
}

const providerIdOf = (body: string): string | null => {
  const data = (JSON.parse(body) as { data?: { providerMessageId?: string } }).data;
  return data?.providerMessageId ?? null;
};

async function pendingCount(b: Bench): Promise<number> {
  const { rows } = await b.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND state = 'pending'`,
    [b.endpointId],
  );
  return rows[0]?.n ?? 0;
}

/** Ingest alone, before any endpoint exists: what the outbox listener costs ingest. */
async function baselinePhase(b: Bench) {
  console.error(`baseline: ${BASELINE} customer messages, no endpoint yet`);
  const { figures } = await sendMessages(b, 1_000_000, BASELINE, CONNECTIONS);
  return { messages: BASELINE, ingestPerSecond: figures.perSecond, webhookP99Ms: figures.p99 };
}

async function spinePhase(b: Bench) {
  console.error(`spine: ${EVENTS} customer messages, ${CONNECTIONS} connections`);
  const started = Date.now();
  const { sentAt, figures } = await sendMessages(b, 0, EVENTS, CONNECTIONS);
  await until(async () => (await pendingCount(b)) === 0, 120_000);
  // Born: when the outbox row was written, just after the message's commit.
  const { rows } = await b.db.query<{ id: string; born: number }>(
    `SELECT id, (extract(epoch FROM created_at) * 1000)::float8 AS born
     FROM webhook_events WHERE account_id = $1 AND type = 'message.received'`,
    [b.accountId],
  );
  const bornAt = new Map(rows.map((r) => [r.id, r.born]));
  const fromMeta: number[] = [];
  const fromEvent: number[] = [];
  let last = 0;
  for (const [id, { at, body }] of b.receiver.first) {
    const sent = sentAt.get(providerIdOf(body) ?? '');
    if (sent === undefined) continue;
    fromMeta.push(at - sent);
    const born = bornAt.get(id);
    if (born !== undefined) fromEvent.push(at - born);
    last = Math.max(last, at);
  }
  return {
    events: EVENTS,
    delivered: fromMeta.length,
    ingestPerSecond: figures.perSecond,
    webhookP99Ms: figures.p99,
    webhookErrors: figures.errors + figures.non2xx,
    deliveriesPerSecond: Math.round(fromMeta.length / ((last - started) / 1000)),
    eventToDeliveredMs: { p50: percentile(fromEvent, 50), p99: percentile(fromEvent, 99) },
    metaWebhookToDeliveredMs: { p50: percentile(fromMeta, 50), p99: percentile(fromMeta, 99) },
  };
}

/** Writes `count` events (and their deliveries) to the outbox in one statement. */
async function drainPhase(b: Bench) {
  console.error(`drain: ${EVENTS} events written to the outbox at once`);
  const before = b.receiver.first.size;
  const { rows } = await b.db.query<{ id: string; created_at: Date }>(
    `WITH ev AS (
       INSERT INTO webhook_events (account_id, type, body, created_at)
       SELECT $1, 'message.received',
         json_build_object('type', 'message.received', 'timestamp', now(),
           'data', json_build_object('n', g))::text, clock_timestamp()
       FROM generate_series(1, $3::int) g RETURNING id, created_at
     ), d AS (
       INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, next_attempt_at, created_at)
       SELECT $1, $2, id, created_at, created_at FROM ev
     )
     SELECT id, created_at FROM ev`,
    [b.accountId, b.endpointId, EVENTS],
  );
  const written = Date.now();
  await until(async () => b.receiver.first.size - before >= rows.length, 120_000);
  const last = Math.max(...rows.map((r) => b.receiver.first.get(r.id)?.at ?? 0));
  return {
    events: rows.length,
    delivered: rows.filter((r) => b.receiver.first.has(r.id)).length,
    deliveriesPerSecond: Math.round(rows.length / ((last - written) / 1000)),
  };
}

async function outagePhase(b: Bench) {
  console.error(`outage: receiver down ${OUTAGE_MS / 1000} s, ${OUTAGE_EVENTS} messages meanwhile`);
  const since = new Date();
  const port = b.receiver.port;
  await b.receiver.stop();
  const down = Date.now();
  // Paced over the outage's first half, so retries of the first are due while the rest arrive.
  const { sentAt } = await sendMessages(b, EVENTS, OUTAGE_EVENTS, 10);
  await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - down))));
  await b.receiver.start(port);
  const back = Date.now();
  const { rows: events } = await b.db.query<{ id: string }>(
    `SELECT id FROM webhook_events WHERE account_id = $1 AND created_at >= $2`,
    [b.accountId, since],
  );
  await until(async () => events.every((e) => b.receiver.first.has(e.id)), 120_000);
  const recovered = Date.now();
  const lost = events.filter((e) => !b.receiver.first.has(e.id)).length;
  const { rows: stored } = await b.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM messages WHERE account_id = $1 AND provider_message_id = ANY($2)`,
    [b.accountId, [...sentAt.keys()]],
  );
  const { rows: attempts } = await b.db.query<{ event_id: string; attempts: number }>(
    `SELECT event_id, attempts FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = ANY($2)`,
    [b.endpointId, events.map((e) => e.id)],
  );
  const attemptsOf = new Map(attempts.map((a) => [a.event_id, a.attempts]));
  const duplicates = events.filter((e) => (b.receiver.count.get(e.id) ?? 0) > 1);
  return {
    messagesStored: stored[0]?.n ?? 0,
    events: events.length,
    lost,
    duplicates: duplicates.length,
    // A duplicate that was not a retry of the same id would have a delivery with one attempt.
    duplicatesNotRetries: duplicates.filter(
      (e) => (attemptsOf.get(e.id) ?? 0) < (b.receiver.count.get(e.id) ?? 0),
    ).length,
    secondsToDeliverAllAfterBack: Math.round((recovered - back) / 100) / 10,
  };
}

export async function runWebhooksBench(): Promise<object> {
  const sapa = await startSapaWithDb({
    name: 'webhooks',
    poolMax: 4,
    env: {
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0,5,10,10,10,10,10,10,10,10',
    },
  });
  const { db } = sapa;
  const receiver = new Receiver();
  await receiver.start();
  try {
    const token = await loginDemoAdmin(sapa.url);
    const { rows } = await db.query<{ account_id: string }>(
      `SELECT account_id FROM users WHERE email = 'admin@demo.sapa.id'`,
    );
    const accountId = rows[0]!.account_id;
    await db.query(
      `INSERT INTO settings (account_id, key, value) VALUES ($1, 'enable_webhook', 'true')
       ON CONFLICT (account_id, key) DO UPDATE SET value = 'true'`,
      [accountId],
    );
    const baseline = await baselinePhase({
      url: sapa.url,
      db,
      receiver,
      accountId,
      endpointId: '',
    });
    const res = await fetch(`${sapa.url}/api/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `http://127.0.0.1:${receiver.port}/hook`,
        events: ['message.received'],
      }),
    });
    if (res.status !== 201) throw new Error(`endpoint not created: ${await res.text()}`);
    const endpointId = ((await res.json()) as { id: string }).id;
    const b: Bench = { url: sapa.url, db, receiver, accountId, endpointId };

    const spine = await spinePhase(b);
    const drain = await drainPhase(b);
    const outage = await outagePhase(b);
    return {
      name: 'webhooks',
      baseline,
      spine,
      drain,
      outage,
      targets: { deliveriesPerSecond: 1000, eventToDeliveredP99Ms: 1000, lost: 0 },
    };
  } finally {
    await receiver.stop();
    await sapa.stop();
  }
}
