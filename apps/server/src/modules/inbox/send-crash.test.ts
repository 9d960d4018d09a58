import type { ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { killHard, startSapaProcess } from '../../test/sapa-process.js';
import { until } from '../../test/wait.js';
import { signed, text } from '../../test/whatsapp-fixtures.js';
import { PgBossQueue } from '../../jobs/queue.js';
import { runSendSweepJob, SEND_IN_DOUBT, SEND_IN_DOUBT_AFTER_MS } from './jobs/send-drain.js';

/**
 * kill -9 of the worker while Meta holds its sends: the messages were handed over, no answer was
 * recorded. A restarted worker running the job again (pg-boss's retry, or a duplicate) sends none
 * of them a second time; the sweep fails them as in doubt, with words that say so.
 */
const N = 20;

/** A Graph stand-in that takes sends and, while `holding`, never answers (Meta gone quiet). */
class HoldingGraph {
  readonly received: string[] = [];
  holding = true;
  private readonly held: ServerResponse[] = [];
  private counter = 0;
  private readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as {
        text?: { body?: string };
      } | null;
      if (body?.text?.body) this.received.push(body.text.body);
      if (this.holding) {
        this.held.push(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ id: `wamid.HELD${++this.counter}` }] }));
    });
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

let ctx: TestContext;
let graph: HoldingGraph;
let boss: PgBossQueue | null = null;
const children: ChildProcess[] = [];

beforeAll(async () => {
  graph = await new HoldingGraph().start();
  ctx = await createTestContext({ config: { graphApiUrl: graph.url } });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await boss?.stop();
  await ctx.close();
  await graph.stop();
});

/** A worker-only Sapa process: it runs the send jobs and nothing else. */
function startWorker(): ChildProcess {
  const child = startSapaProcess(ctx, {
    role: 'worker',
    dataDir: '/tmp/sapa-send-crash-test',
    env: { GRAPH_API_URL: graph.url },
  });
  children.push(child);
  return child;
}

describe('kill -9 of the send worker while Meta holds its sends', () => {
  it(
    'after a restart no message goes out twice; the sweep fails them as in doubt',
    { timeout: 180_000 },
    async () => {
      // The child runs on the real clock: the customers wrote just now.
      ctx.clock.set(new Date());
      const accountId = await createAccount(ctx);
      await fundAccount(ctx, accountId);
      const admin = await createUser(ctx, accountId, { role: 'admin' });
      const channel = await createWhatsappChannel(ctx, accountId, { token: 'secret-token' });
      await ctx.deps.db
        .updateTable('channels')
        .set({ broadcast_rate: 1000 })
        .where('id', '=', channel.id)
        .execute();
      const from = '628130000001';
      const { body, headers } = signed(
        text('Halo', {
          phoneNumberId: channel.phoneNumberId,
          from,
          timestamp: Math.floor(Date.now() / 1000),
        }),
      );
      await ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
      const { id: chatId } = await ctx.deps.db
        .selectFrom('chats')
        .select('id')
        .where('identifier', '=', from)
        .executeTakeFirstOrThrow();
      const ids: string[] = [];
      for (let i = 0; i < N; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: admin.auth,
          payload: { chatId, text: `crash ${i}` },
        });
        expect(res.statusCode).toBe(201);
        ids.push(res.json()._id as string);
      }

      boss = await PgBossQueue.start(ctx.databaseUrl, { supervise: false });
      await boss.enqueue('message.send', { messageIds: ids, attempt: 0 });
      const first = startWorker();
      await until(() => graph.received.length >= N, 120_000);
      await killHard(first);

      const left = await ctx.deps.db
        .selectFrom('messages')
        .select(['status', 'send_claimed_at'])
        .where('id', 'in', ids.map(Number))
        .execute();
      expect(left.every((r) => r.status === 'queue' && r.send_claimed_at !== null)).toBe(true);

      // Meta answers again; a new worker runs the same job again (a duplicate, or the retry).
      graph.holding = false;
      await boss.enqueue('message.send', { messageIds: ids, attempt: 0 });
      startWorker();
      await until(async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'message.send' AND state = 'completed'`.execute(ctx.deps.db);
        return (rows[0]?.n ?? 0) >= 1;
      }, 120_000);
      expect(graph.received).toHaveLength(N);
      expect(new Set(graph.received).size).toBe(N);

      ctx.clock.set(new Date(Date.now() + SEND_IN_DOUBT_AFTER_MS + 1000));
      expect(await runSendSweepJob(ctx.deps)).toBe(N);
      const settled = await ctx.deps.db
        .selectFrom('messages')
        .select(['status', 'error'])
        .where('id', 'in', ids.map(Number))
        .execute();
      for (const row of settled) {
        expect(row.status).toBe('failed');
        expect(row.error).toMatchObject({ message: SEND_IN_DOUBT.message });
      }
      expect(
        ctx.events.filter((e) => e.type === 'message.status' && e.status === 'failed'),
      ).toHaveLength(N);
      expect(graph.received).toHaveLength(N);
    },
  );
});
