import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { connectionErrorLogger } from '../lifecycle.js';

export interface RelayedEmit {
  name: string;
  rooms: string[];
  payload: unknown;
}

const CHANNEL = 'sapa_events';
// NOTIFY payloads are limited to 8000 bytes; stay under it with room for the envelope.
const MAX_BATCH_BYTES = 7_000;
const FLUSH_MS = 5;

/**
 * For a process without sockets of its own (the operator CLI): hands events to every server
 * process's sockets in one notice, and returns once PostgreSQL has taken it.
 */
export async function relayToServers(pool: pg.Pool, emits: RelayedEmit[]): Promise<void> {
  if (!emits.length) return;
  const payload = JSON.stringify({ n: `cli-${randomUUID()}`, e: emits });
  if (Buffer.byteLength(payload) > MAX_BATCH_BYTES) throw new Error('relayed events too large');
  await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
}

/**
 * Carries socket events to the other server processes in batches over Postgres NOTIFY. Socket.IO's
 * own cluster broadcast awaits one NOTIFY per event before emitting locally, and NOTIFY commits are
 * serialised by Postgres: at a thousand events a second, local delivery fell seconds behind.
 * Here local sockets are served at once by the caller; others get batches every few ms.
 */
export class EventRelay {
  private readonly nodeId = randomUUID();
  private readonly ownPrefix = `{"n":"${this.nodeId}"`;
  private buffer: string[] = [];
  private bufferBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    private readonly deliverLocally: (e: RelayedEmit) => void,
  ) {}

  async start(connectionString: string): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => this.receive(n.payload ?? ''));
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.closed) return;
      setTimeout(
        () =>
          void this.start(connectionString).catch(
            connectionErrorLogger(this.log, 'event relay reconnect'),
          ),
        1_000,
      ).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  publish(e: RelayedEmit): void {
    if (this.closed) return;
    const item = JSON.stringify(e);
    if (Buffer.byteLength(item) > MAX_BATCH_BYTES) {
      void this.sendOversized(item);
      return;
    }
    if (this.bufferBytes + item.length > MAX_BATCH_BYTES) this.flush();
    this.buffer.push(item);
    this.bufferBytes += Buffer.byteLength(item) + 1;
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  async close(): Promise<void> {
    this.flush();
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return;
    const payload = `{"n":"${this.nodeId}","e":[${this.buffer.join(',')}]}`;
    this.buffer = [];
    this.bufferBytes = 0;
    this.pool
      .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
      .catch((err) => this.log.warn({ err }, 'event relay publish failed'));
  }

  /** Rare: one event over the NOTIFY limit travels through a table, the notice carries its id. */
  private async sendOversized(item: string): Promise<void> {
    try {
      const row = await this.pool.query<{ id: string }>(
        'INSERT INTO socket_io_attachments (payload) VALUES ($1) RETURNING id::text',
        [Buffer.from(item)],
      );
      await this.pool.query('SELECT pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ n: this.nodeId, a: row.rows[0]?.id }),
      ]);
    } catch (err) {
      this.log.warn({ err }, 'event relay oversized publish failed');
    }
  }

  private receive(raw: string): void {
    // Every process hears its own batches too; those are dropped before parsing (up to 7 kB each,
    // hundreds a second under load). Batches and attachment notices both start with the node id.
    if (raw.startsWith(this.ownPrefix)) return;
    let message: { n?: string; e?: RelayedEmit[]; a?: string };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (message.n === this.nodeId) return;
    for (const e of message.e ?? []) this.deliverLocally(e);
    if (message.a) {
      void this.pool
        .query<{ payload: Buffer }>('SELECT payload FROM socket_io_attachments WHERE id = $1', [
          message.a,
        ])
        .then((r) => {
          const buf = r.rows[0]?.payload;
          if (buf) this.deliverLocally(JSON.parse(buf.toString('utf8')) as RelayedEmit);
        })
        .catch((err) => this.log.warn({ err }, 'event relay attachment fetch failed'));
    }
  }
}
