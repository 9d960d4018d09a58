import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/bus.js';
import { rng } from '../../seed/large-data.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { customerOf, newCustomer } from '../../test/customer.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { wamid } from '../../test/whatsapp-fixtures.js';
import { usageIdle } from '../billing/pricing/index.js';
import { forgetReportAccount } from './account-context.js';
import { addDays } from './days.js';
import { FACT_KINDS } from './facts.js';
import { COST_METRICS, rollLedger } from './ledger-rollup.js';
import { countMessages } from './message-counts.repo.js';
import { messageFacts } from './message-facts.js';
import { reconcileAccount, runReconcile } from './reconcile.js';
import { reportsIdle } from './runtime.js';

/**
 * A seeded random mix of what happens in an inbox — customers writing (and Meta redelivering),
 * agents replying, chats labelled and unlabelled, tickets resolved (twice, sometimes), events delivered again — and then:
 * the rollups equal their facts, the facts equal what the source rows say, and a recomputation
 * from nothing gives the same rollups; the daily cost equals the ledger to the rupiah.
 */
let ctx: TestContext;
let accountId: string;
let agents: TestUser[];
const SEED = 18_2026;
const STEPS = 160;
let firstDay = '';
let lastDay = '';

const jakartaDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext({ accessTokenTtlSeconds: 60 * 86_400 });
  ctx.clock.set('2026-04-06T00:30:00Z');
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  agents = [
    await createUser(ctx, accountId, { role: 'agent', name: 'Agus' }),
    await createUser(ctx, accountId, { role: 'agent', name: 'Bela' }),
    await createUser(ctx, accountId, { role: 'admin', name: 'Citra' }),
  ];
  const labelIds: string[] = [];
  for (const label of ['VIP', 'Lead']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/labels',
      headers: agents[2]!.auth,
      payload: { label, color: '#228be6' },
    });
    labelIds.push(res.json()._id as string);
  }
  const channel = await createWhatsappChannel(ctx, accountId);
  const customer = customerOf(ctx, channel.phoneNumberId);
  const people = Array.from({ length: 6 }, () => newCustomer());
  const sentIds: { from: string; id: string }[] = [];
  const chatOf = new Map<string, string>();
  const random = rng(SEED);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  firstDay = jakartaDay(ctx.clock.now());

  for (let step = 0; step < STEPS; step++) {
    const r = random();
    if (r < 0.38 || chatOf.size === 0) {
      const from = pick(people);
      // Meta redelivers now and then: the same message id again.
      const again = sentIds.length > 0 && random() < 0.2 ? pick(sentIds) : null;
      const id = again?.id ?? wamid();
      await customer.post({ from: again?.from ?? from, id });
      if (!again) sentIds.push({ from, id });
      const who = again?.from ?? from;
      if (!chatOf.has(who)) chatOf.set(who, await customer.chatId(who));
    } else if (r < 0.62) {
      const chatId = pick([...chatOf.values()]);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: pick(agents).auth,
        payload: { chatId, text: 'Siap kak' },
      });
    } else if (r < 0.7) {
      // Labels change: tickets opened from now on carry them ('label:' and 'labelled' rollups).
      const chatId = pick([...chatOf.values()]);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/chats/labels',
        headers: agents[2]!.auth,
        payload: { chatId, labelIds: labelIds.filter(() => random() < 0.6) },
      });
    } else if (r < 0.84) {
      const chatId = pick([...chatOf.values()]);
      const by = pick(agents);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/chats/resolve-ticket',
        headers: by.auth,
        payload: { chatId, agentId: by.id },
      });
    } else {
      // An event delivered a second time (a listener run twice, a second process).
      const replayable = ctx.events.filter(
        (e): e is Extract<DomainEvent, { type: 'message.created' | 'chat.resolved' }> =>
          e.type === 'message.created' || e.type === 'chat.resolved',
      );
      if (replayable.length > 0) ctx.deps.events.publish(pick(replayable));
    }
    await usageIdle(ctx.deps);
    await reportsIdle(ctx.deps);
    // Minutes to hours pass, over several local days and midnights.
    ctx.clock.advance(Math.floor(random() * 3 * 3_600_000));
  }
  await usageIdle(ctx.deps);
  await reportsIdle(ctx.deps);
  lastDay = jakartaDay(ctx.clock.now());
}, 120_000);
afterAll(() => ctx.close());

async function rollups(): Promise<Map<string, string>> {
  const rows = await ctx.deps.db
    .selectFrom('report_daily')
    .select(['metric', 'dim', 'count', 'sum_s', 'sum_bh_s', 'amount', 'hist', 'hist_bh'])
    .select((eb) => eb.cast<string>('day', 'text').as('day'))
    .where('account_id', '=', accountId)
    .execute();
  return new Map(
    rows
      .filter((r) => Number(r.count) !== 0 || Number(r.amount) !== 0)
      .map((r) => [
        `${r.metric}|${r.dim}|${r.day}`,
        `${r.count}|${r.sum_s}|${r.sum_bh_s}|${Number(r.amount).toFixed(2)}|${r.hist.join(',')}|${r.hist_bh.join(',')}`,
      ]),
  );
}

/**
 * Dimensions that do not depend on state that changes later: a recomputation from today's rows
 * cannot know who held a chat when a customer wrote (assignment moves), but it knows who sent a
 * reply and who held a ticket when it closed.
 */
function stable(key: string): boolean {
  const [metric, dim] = key.split('|') as [string, string];
  if (dim === 'all' || dim.startsWith('channel:') || dim.startsWith('type:')) return true;
  if (dim.startsWith('agent:') && !dim.includes('|'))
    return ['first_response', 'reply_time', 'message_out', 'resolution', 'unanswered'].includes(
      metric,
    );
  return false;
}

describe('rollups under a random mix of events', () => {
  it('did something worth checking', async () => {
    const r = await rollups();
    for (const metric of ['opened', 'first_response', 'reply_time', 'resolution', 'message_in'])
      expect([...r.keys()].some((k) => k.startsWith(`${metric}|all|`))).toBe(true);
    // Labelled tickets, counted for the account and per channel, agent and label.
    for (const dim of ['labelled|', 'labelled|channel:', 'labelled|agent:', 'label:'])
      expect(
        [...r.keys()].some((k) => k.startsWith(`opened|${dim}`)),
        dim,
      ).toBe(true);
    expect(lastDay > firstDay).toBe(true);
  });

  it('finds nothing to repair: every fact was written once and every rollup sums its facts', async () => {
    const before = await rollups();
    const report = await reconcileAccount(ctx.deps, accountId, firstDay, lastDay);
    expect(report).toMatchObject({ factsAdded: 0, rollupRowsRepaired: 0, costRowsRepaired: 0 });
    expect(report.messages).toBeGreaterThan(50);
    expect(await rollups()).toEqual(before);
  });

  it('recomputes the same rollups from nothing', async () => {
    const before = await rollups();
    for (const table of ['report_events', 'report_message_counts', 'report_message_marks'] as const)
      await ctx.deps.db.deleteFrom(table).where('account_id', '=', accountId).execute();
    await ctx.deps.db.deleteFrom('report_daily').where('account_id', '=', accountId).execute();
    await ctx.deps.db
      .deleteFrom('report_ledger_cursor')
      .where('account_id', '=', accountId)
      .execute();
    await rollLedger(ctx.deps.db, ctx.deps.pool, accountId);
    const report = await reconcileAccount(ctx.deps, accountId, firstDay, lastDay);
    expect(report.factsAdded).toBeGreaterThan(100);
    const after = await rollups();
    const pick = (m: Map<string, string>) =>
      new Map([...m].filter(([k]) => stable(k)).sort(([a], [b]) => a.localeCompare(b)));
    expect(pick(after)).toEqual(pick(before));
    // And a second run finds it all in place.
    expect(await reconcileAccount(ctx.deps, accountId, firstDay, lastDay)).toMatchObject({
      factsAdded: 0,
      rollupRowsRepaired: 0,
      costRowsRepaired: 0,
    });
  });

  it('keeps the daily cost equal to the ledger to the rupiah, once however often it rolls', async () => {
    await Promise.all([
      rollLedger(ctx.deps.db, ctx.deps.pool, accountId),
      rollLedger(ctx.deps.db, ctx.deps.pool, accountId),
    ]);
    const ledger = await ctx.deps.db
      .selectFrom('balance_ledger')
      .select((eb) => eb.fn.sum<string>('amount').as('sum'))
      .where('account_id', '=', accountId)
      .where('kind', 'in', ['charge', 'refund'])
      .where((eb) =>
        eb.or([
          eb('order_id', 'like', 'conv:%'),
          eb('order_id', 'like', 'mau:%'),
          eb('order_id', 'like', 'broadcast:%'),
        ]),
      )
      .executeTakeFirstOrThrow();
    const rolled = await ctx.deps.db
      .selectFrom('report_daily')
      .select((eb) => eb.fn.sum<string>('amount').as('sum'))
      .where('account_id', '=', accountId)
      .where('metric', 'in', [...COST_METRICS])
      .where('dim', '=', 'all')
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum)).toBeLessThan(0);
    expect(Number(rolled.sum).toFixed(2)).toBe((-Number(ledger.sum)).toFixed(2));
  });

  it('repairs drift: a lost fact is found again and a wrong rollup row is recomputed', async () => {
    const before = await rollups();
    const lost = await ctx.deps.db
      .selectFrom('report_events')
      .select('source_id')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'reply_time')
      .limit(1)
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .deleteFrom('report_events')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'reply_time')
      .where('source_id', '=', lost.source_id)
      .execute();
    await ctx.deps.db
      .updateTable('report_daily')
      .set((eb) => ({ count: eb('count', '+', 5) }))
      .where('account_id', '=', accountId)
      .where('metric', '=', 'message_in')
      .where('dim', '=', 'all')
      .execute();
    const report = await reconcileAccount(ctx.deps, accountId, firstDay, lastDay);
    expect(report.factsAdded).toBe(1);
    expect(report.rollupRowsRepaired).toBeGreaterThan(0);
    expect(await rollups()).toEqual(before);
    const back = await ctx.deps.db
      .selectFrom('report_events')
      .select('source_id')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'reply_time')
      .where('source_id', '=', lost.source_id)
      .execute();
    expect(back).toHaveLength(1);
  });

  it('counts a message again, once, when a crash lost its count', async () => {
    // A customer's message, counted as the listener counts it.
    const { rows } = await ctx.deps.pool.query<{ id: string }>(
      `INSERT INTO messages (account_id, chat_id, channel_id, msg_type, text, status, from_me, sent_at)
       SELECT account_id, id, channel_id, 'text', 'Halo lagi', 'received', false, $2
       FROM chats WHERE account_id = $1 ORDER BY id LIMIT 1 RETURNING id::text`,
      [accountId, new Date(ctx.clock.now().getTime() - 60_000)],
    );
    const id = rows[0]!.id;
    await countMessages(ctx.deps.pool, [id]);
    const f = (await messageFacts(ctx.deps.db, ctx.deps.pool, [id])).find(
      (x) => x.kind === 'message_in',
    )!;
    const before = await rollups();
    const counted = async () =>
      Number(
        (
          await ctx.deps.pool.query<{ n: string }>(
            `SELECT sum(count) AS n FROM report_message_counts WHERE account_id = $1`,
            [accountId],
          )
        ).rows[0]!.n,
      );
    const total = await counted();
    // The listener's batch commits without waiting for the disk: a crash loses the message's
    // bit and its count together.
    await ctx.deps.pool.query(
      `UPDATE report_message_marks SET bits = set_bit(bits, ($2::bigint & 1023)::int, 0)
       WHERE account_id = $1 AND block = $2::bigint >> 10`,
      [accountId, id],
    );
    const lost = await ctx.deps.pool.query(
      `UPDATE report_message_counts SET count = count - 1
       WHERE account_id = $1 AND kind = 'message_in' AND day = $2 AND agent_id IS NOT DISTINCT FROM $3
         AND channel = $4 AND division_id IS NOT DISTINCT FROM $5 AND labels = $6::uuid[] AND msg_type = 'text'`,
      [accountId, f.day, f.agentId, f.channel, f.divisionId, f.labels],
    );
    expect(lost.rowCount).toBe(1);
    const report = await reconcileAccount(ctx.deps, accountId, firstDay, lastDay);
    expect(report.factsAdded).toBe(1);
    expect(await counted()).toBe(total);
    expect(await rollups()).toEqual(before);
    expect(await reconcileAccount(ctx.deps, accountId, firstDay, lastDay)).toMatchObject({
      factsAdded: 0,
      rollupRowsRepaired: 0,
    });
  });

  it('counts no message twice when the zone changed since its facts were written', async () => {
    const totals = async () =>
      (
        await ctx.deps.pool.query<{ metric: string; n: string }>(
          `SELECT metric, sum(count)::text AS n FROM report_daily
           WHERE account_id = $1 AND dim = 'all' AND metric = ANY($2::text[])
           GROUP BY 1 ORDER BY 1`,
          [accountId, [...FACT_KINDS]],
        )
      ).rows;
    const before = await totals();
    expect(before.find((r) => r.metric === 'message_in')?.n).toBeTruthy();
    const setZone = async (timezone: string) => {
      await ctx.deps.db
        .updateTable('accounts')
        .set({ timezone })
        .where('id', '=', accountId)
        .execute();
      forgetReportAccount(ctx.deps.db, accountId);
    };
    // Seven hours east of Jakarta: every message of a Jakarta evening is on the next day there.
    await setZone('Pacific/Kiritimati');
    try {
      const report = await reconcileAccount(
        ctx.deps,
        accountId,
        addDays(firstDay, -1),
        addDays(lastDay, 2),
      );
      expect(report.messages).toBeGreaterThan(0);
      expect(report.factsAdded).toBe(0);
      expect(await totals()).toEqual(before);
    } finally {
      await setZone('Asia/Jakarta');
    }
  });

  it('runs as the job with a checked payload', async () => {
    await expect(runReconcile(ctx.deps, { from: 'yesterday' })).rejects.toThrow();
    const report = await runReconcile(ctx.deps, { accountId, from: firstDay, to: lastDay });
    expect(report).toMatchObject({ accounts: 1, factsAdded: 0, rollupRowsRepaired: 0 });
  });
});
