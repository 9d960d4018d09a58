import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { sql } from 'kysely';
import { DEMO_NUMBER } from '@sapa/sandbox';
import type { TestContext } from '../../../test/harness.js';
import { sandboxPair, until as waitUntil } from '../../../test/sandbox-pair.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../../test/fixtures.js';
import { fundAccount } from '../../../test/fixtures-inbox.js';
import type { EngineOptions } from './options.js';
import { registerBroadcastWorkers } from './register.js';

/** Test helpers of the broadcast engine: Sapa and the in-process Meta sandbox, wired both ways. */
export interface EngineWorld {
  ctx: TestContext;
  sandbox: FastifyInstance;
  sandboxUrl: string;
  accountId: string;
  userId: string;
  admin: TestUser;
  channelId: string;
  templateId: string;
  close(): Promise<void>;
}

/** `until` with the engine tests' longer default: a paced send takes a while. */
export const until = <T>(fn: () => Promise<T | undefined | null | false>, ms = 20_000) =>
  waitUntil(fn, ms);

/**
 * An account with balance, a manager, the sandbox's demo number as its channel and the demo
 * WABA's approved `order_update` template (two body parameters). The clock runs in real time:
 * sends are paced on real time.
 */
export async function engineWorld(
  opts: { balance?: number; sandboxEnv?: Record<string, string> } = {},
): Promise<EngineWorld> {
  const pair = await sandboxPair({
    sandboxEnv: { STATUS_DELAY_MS: '10', WEBHOOK_RETRY_BASE_MS: '50', ...opts.sandboxEnv },
  });
  const { ctx, sandbox, sandboxUrl } = pair;
  ctx.deps.clock = { now: () => new Date() };
  const accountId = await createAccount(ctx);
  if (opts.balance !== 0) await fundAccount(ctx, accountId, opts.balance ?? 1_000_000);
  const user = await createUser(ctx, accountId, { role: 'admin' });
  const channel = await createWhatsappChannel(ctx, accountId, {
    phoneNumberId: DEMO_NUMBER.phoneNumberId,
    token: DEMO_NUMBER.accessToken,
  });
  const template = await ctx.deps.db
    .insertInto('templates')
    .values({
      account_id: accountId,
      channel_id: channel.id,
      name: 'order_update',
      category: 'UTILITY',
      language: 'id',
      header_type: 'text',
      header_text: 'Info pesanan',
      content: 'Halo {{1}}, pesanan {{2}} sudah kami kirim. Balas pesan ini bila ada pertanyaan.',
      examples: JSON.stringify({ body: ['Budi', 'A-1'] }),
      buttons: JSON.stringify([]),
      status: 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ctx,
    sandbox,
    sandboxUrl,
    accountId,
    userId: user.id,
    admin: user,
    channelId: channel.id,
    templateId: template.id,
    close: pair.close,
  };
}

/** A draft broadcast with `n` recipients 62899xxxxxxx (row order), stored as the wizard does. */
export async function createBroadcast(
  w: Pick<EngineWorld, 'ctx' | 'accountId' | 'channelId' | 'templateId' | 'userId'>,
  n: number,
  opts: { selfAssign?: boolean; phonePrefix?: string } = {},
): Promise<string> {
  const db = w.ctx.deps.db;
  const b = await db
    .insertInto('broadcasts')
    .values({
      account_id: w.accountId,
      channel_id: w.channelId,
      template_id: w.templateId,
      created_by: w.userId,
      title: `Broadcast of ${n}`,
      total_count: n,
      self_assign: opts.selfAssign ?? false,
      estimated_cost: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prefix = opts.phonePrefix ?? '62899';
  await sql`
    INSERT INTO broadcast_recipients (broadcast_id, account_id, channel_id, row_number, phone, params)
    SELECT ${b.id}, ${w.accountId}, ${w.channelId}, g, ${prefix} || lpad(g::text, 7, '0'),
           jsonb_build_array('Customer ' || g, 'ORD-' || g)
    FROM generate_series(1, ${n}) g`.execute(db);
  return b.id;
}

/** Template sends the sandbox accepted, per recipient phone. */
export async function sandboxLedger(w: Pick<EngineWorld, 'sandbox'>): Promise<Map<string, number>> {
  const res = await w.sandbox.inject({
    url: `/sandbox/ledger?phoneNumberId=${DEMO_NUMBER.phoneNumberId}&counts=true`,
  });
  const body = res.json<{ counts: Record<string, number> }>();
  return new Map(Object.entries(body.counts));
}

/** How many recipients whose phone starts with `prefix` the sandbox has accepted a send for. */
export async function sentTo(w: Pick<EngineWorld, 'sandbox'>, prefix: string): Promise<number> {
  return [...(await sandboxLedger(w)).keys()].filter((p) => p.startsWith(prefix)).length;
}

export async function recipientStatuses(
  w: Pick<EngineWorld, 'ctx'>,
  broadcastId: string,
): Promise<Record<string, number>> {
  const rows = await w.ctx.deps.db
    .selectFrom('broadcast_recipients')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('broadcast_id', '=', broadcastId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function broadcastStatus(w: Pick<EngineWorld, 'ctx'>, id: string): Promise<string> {
  const row = await w.ctx.deps.db
    .selectFrom('broadcasts')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function setRate(w: Pick<EngineWorld, 'ctx' | 'channelId'>, rate: number) {
  await w.ctx.deps.db
    .updateTable('channels')
    .set({ broadcast_rate: rate })
    .where('id', '=', w.channelId)
    .execute();
}

/**
 * One engine world for a test file, with the broadcast workers registered on `options` (sweep
 * every tick) before the first test and everything stopped after the last. The returned object
 * is filled in by `beforeAll`, so tests read it as they would a `let`.
 */
export function useEngineWorld(
  options: Partial<EngineOptions>,
  prepare?: (w: EngineWorld) => Promise<void>,
): EngineWorld {
  const world = {} as EngineWorld;
  let stopSweep: (() => void) | undefined;
  beforeAll(async () => {
    Object.assign(world, await engineWorld());
    stopSweep = await registerBroadcastWorkers(world.ctx.deps, options, 0);
    await prepare?.(world);
  }, 60_000);
  afterAll(async () => {
    stopSweep?.();
    await world.close?.();
  });
  return world;
}
