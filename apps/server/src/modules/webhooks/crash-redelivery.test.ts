import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../test/fixtures.js';
import { startSapaProcess } from '../../test/sapa-process.js';
import { freePort } from '../../test/wait.js';
import { signed, text, wamid } from '../../test/whatsapp-fixtures.js';

let ctx: TestContext;
let child: ChildProcess | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await ctx.close();
});

async function startServer(port: number): Promise<ChildProcess> {
  const proc = startSapaProcess(ctx, {
    dataDir: '/tmp/sapa-crash-test',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      META_APP_SECRET: 'test-app-secret',
      META_VERIFY_TOKEN: 'test-verify-token',
    },
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return proc;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function deliver(
  port: number,
  payload: { body: string; headers: Record<string, string> },
): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/webhooks/meta`, {
      method: 'POST',
      body: payload.body,
      headers: payload.headers,
    });
    return res.status;
  } catch {
    return 0;
  }
}

describe('kill -9 during a burst of webhooks', () => {
  it(
    'after Meta-style redelivery every message is stored exactly once',
    { timeout: 90_000 },
    async () => {
      const accountId = await createAccount(ctx);
      const channel = await createWhatsappChannel(ctx, accountId);
      const payloads = Array.from({ length: 400 }, (_, i) =>
        signed(
          text(`burst ${i}`, {
            phoneNumberId: channel.phoneNumberId,
            id: wamid(),
            from: `62819${String(i % 40).padStart(6, '0')}`,
          }),
        ),
      );
      const port = await freePort();
      child = await startServer(port);

      // Fire the burst 20 at a time and kill the process hard part-way through.
      const statuses: number[] = new Array(payloads.length).fill(0);
      let next = 0;
      let killed = false;
      const workers = Array.from({ length: 20 }, async () => {
        while (next < payloads.length) {
          const i = next++;
          if (!killed && i >= 150) {
            killed = true;
            child?.kill('SIGKILL');
          }
          statuses[i] = await deliver(port, payloads[i]!);
        }
      });
      await Promise.all(workers);
      expect(statuses.filter((s) => s === 200).length).toBeLessThan(payloads.length);

      // Meta retries everything it did not get a 200 for; it may also redeliver what it did.
      child = await startServer(port);
      const redelivered = await Promise.all(payloads.map((p) => deliver(port, p)));
      expect(redelivered.every((s) => s === 200)).toBe(true);

      const rows = await sql<{ total: number; distinct: number }>`
      SELECT count(*)::int AS total, count(DISTINCT provider_message_id)::int AS distinct
      FROM messages WHERE account_id = ${accountId}`.execute(ctx.deps.db);
      expect(rows.rows[0]).toEqual({ total: 400, distinct: 400 });
      const unread = await sql<{
        sum: number;
      }>`SELECT sum(unread_count)::int AS sum FROM chats WHERE account_id = ${accountId}`.execute(
        ctx.deps.db,
      );
      expect(unread.rows[0]?.sum).toBe(400);
      child.kill('SIGTERM');
    },
  );
});
