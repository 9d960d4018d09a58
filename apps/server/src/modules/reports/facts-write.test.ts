import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../../seed/large-data.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount } from '../../test/fixtures.js';
import { fact, FACT_KINDS, type Fact, type FactKind } from './facts.js';
import { writeFacts } from './facts.repo.js';
import { cellsFromFacts, storedCells } from './rebuild.js';

/**
 * The write statement: counted metrics skip the histogram functions and histogram metrics keep
 * theirs, so batch after batch every rollup row equals the recomputation from its facts; and
 * `asyncCommit` relaxes only the statement's own transaction.
 */
let ctx: TestContext;
let accountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
});
afterAll(() => ctx.close());

const KINDS: FactKind[] = [
  'message_in',
  'message_out',
  'opened',
  'first_response',
  'reply_time',
  'resolution',
  'csat',
];
const DAYS = ['2026-05-04', '2026-05-05', '2026-05-11'];

function randomFacts(random: () => number, n: number, from: number): Fact[] {
  const agents = [crypto.randomUUID(), crypto.randomUUID()];
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const kind = pick(KINDS);
    const day = pick(DAYS);
    const duration = ['first_response', 'reply_time', 'resolution'].includes(kind);
    const value = duration ? Math.floor(random() ** 3 * 90_000) : null;
    return fact({
      accountId,
      kind,
      // A message's source is its id (its bit in report_message_marks).
      sourceId: kind.startsWith('message_') ? String(from + i + 1) : `s${from + i}`,
      at: new Date(`${day}T03:00:00Z`),
      day,
      valueS: kind === 'csat' ? 1 + Math.floor(random() * 5) : value,
      // A working-hours part only for durations: csat rows keep an empty hist_bh.
      valueBhS: value === null ? null : Math.floor(value * random()),
      agentId: random() < 0.7 ? pick(agents) : null,
      channel: pick(['whatsapp', 'instagram']),
      msgType: kind.startsWith('message_') ? pick(['text', 'image']) : null,
    });
  });
}

describe('writeFacts', () => {
  it('keeps every rollup row equal to its facts, counted and histogram metrics alike', async () => {
    const random = rng(66);
    for (let batch = 0; batch < 6; batch++) {
      const facts = randomFacts(random, 120, batch * 1_000);
      // Every third batch is delivered twice: the copy adds nothing.
      expect(await writeFacts(ctx.deps.pool, facts)).toBe(facts.length);
      if (batch % 3 === 0) expect(await writeFacts(ctx.deps.pool, facts)).toBe(0);
    }
    const from = DAYS[0]!;
    const to = DAYS[DAYS.length - 1]!;
    const stored = await storedCells(ctx.deps.pool, accountId, [...FACT_KINDS], from, to);
    const expected = await cellsFromFacts(ctx.deps.pool, accountId, from, to);
    const norm = (m: Map<string, { count: number; hist: number[]; histBh: number[] }>) =>
      [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
    expect(stored.size).toBeGreaterThan(50);
    expect(norm(stored)).toEqual(norm(expected));
    // Counted metrics carry no histogram; the histogram metrics do.
    for (const [key, cell] of stored) {
      const counted = key.startsWith('message_') || key.startsWith('opened|');
      if (counted) expect(cell.hist).toEqual([]);
      else expect(cell.hist.length).toBeGreaterThan(0);
      if (key.startsWith('csat|')) expect(cell.histBh).toEqual([]);
    }
  });

  it('counts a message once whatever its day, and keeps one fact per source for every other kind', async () => {
    const on = (kind: FactKind, sourceId: string, day: string) =>
      fact({
        accountId,
        kind,
        sourceId,
        at: new Date(`${day}T10:00:00Z`),
        day,
        channel: 'whatsapp',
        msgType: kind.startsWith('message_') ? 'text' : null,
      });
    const count = async (metric: string) =>
      Number(
        (
          await ctx.deps.pool.query<{ n: string }>(
            `SELECT coalesce(sum(count), 0) AS n FROM report_daily
             WHERE account_id = $1 AND metric = $2 AND dim = 'all'`,
            [accountId, metric],
          )
        ).rows[0]!.n,
      );
    const inBefore = await count('message_in');
    expect(await writeFacts(ctx.deps.pool, [on('message_in', '900', '2026-06-10')])).toBe(1);
    // Written again on its own day: its bit is set.
    expect(await writeFacts(ctx.deps.pool, [on('message_in', '900', '2026-06-10')])).toBe(0);
    // Seen again after the account's zone moved it a day or two: not counted again.
    for (const day of ['2026-06-08', '2026-06-09', '2026-06-11', '2026-06-12'])
      expect(await writeFacts(ctx.deps.pool, [on('message_in', '900', day)])).toBe(0);
    expect(await count('message_in')).toBe(inBefore + 1);
    // Another message on a neighbouring day is its own fact, and so is one in another block.
    expect(await writeFacts(ctx.deps.pool, [on('message_in', '901', '2026-06-11')])).toBe(1);
    expect(await writeFacts(ctx.deps.pool, [on('message_out', '5000', '2026-06-11')])).toBe(1);
    // Every other kind is one per source on any day (a contact's month first seen from a later
    // message by a reconcile over part of the month).
    const activeBefore = await count('contact_active');
    expect(
      await writeFacts(ctx.deps.pool, [on('contact_active', 'c-1:2026-06', '2026-06-03')]),
    ).toBe(1);
    expect(
      await writeFacts(ctx.deps.pool, [on('contact_active', 'c-1:2026-06', '2026-06-20')]),
    ).toBe(0);
    expect(await count('contact_active')).toBe(activeBefore + 1);
    const stored = await storedCells(
      ctx.deps.pool,
      accountId,
      [...FACT_KINDS],
      '2026-06-01',
      '2026-06-30',
    );
    const expected = await cellsFromFacts(ctx.deps.pool, accountId, '2026-06-01', '2026-06-30');
    expect([...stored.entries()].sort()).toEqual([...expected.entries()].sort());
  });

  it('counts each message once when writers race over the same messages', async () => {
    const day = '2026-08-03';
    const msg = (id: number) =>
      fact({
        accountId,
        kind: id % 2 ? 'message_in' : 'message_out',
        sourceId: String(id),
        at: new Date(`${day}T05:00:00Z`),
        day,
        channel: 'instagram',
        msgType: 'text',
      });
    // Eight writers over overlapping runs of 1,500 ids across three blocks of 1,024.
    const batches = Array.from({ length: 8 }, (_, w) =>
      Array.from({ length: 1_500 }, (_, i) => msg(100_000 + ((w * 400 + i) % 3_000))),
    );
    const written = await Promise.all(batches.map((b) => writeFacts(ctx.deps.pool, b)));
    expect(written.reduce((a, b) => a + b, 0)).toBe(3_000);
    const { rows } = await ctx.deps.pool.query<{ n: string }>(
      `SELECT sum(count) AS n FROM report_message_counts WHERE account_id = $1 AND day = $2`,
      [accountId, day],
    );
    expect(Number(rows[0]!.n)).toBe(3_000);
    const stored = await storedCells(ctx.deps.pool, accountId, [...FACT_KINDS], day, day);
    expect(stored.get(`message_in|all|${day}`)?.count).toBe(1_500);
    expect(stored.get(`message_out|channel:instagram|${day}`)?.count).toBe(1_500);
    const expected = await cellsFromFacts(ctx.deps.pool, accountId, day, day);
    expect([...stored.entries()].sort()).toEqual([...expected.entries()].sort());
  });

  it('folds message fact rows of report_events into counts and marks, once', async () => {
    const day = '2026-09-01';
    // One of them was counted by a listener before the rows were folded.
    expect(
      await writeFacts(ctx.deps.pool, [
        fact({
          accountId,
          kind: 'message_in',
          sourceId: '200005',
          at: new Date(`${day}T05:00:00Z`),
          day,
          channel: 'whatsapp',
          msgType: 'text',
        }),
      ]),
    ).toBe(1);
    await ctx.deps.pool.query(
      `INSERT INTO report_events (account_id, kind, source_id, at, day, channel, msg_type)
       SELECT $1, 'message_in', (200000 + g)::text, now(), $2, 'whatsapp', 'text' FROM generate_series(0, 9) g`,
      [accountId, day],
    );
    const folded = await ctx.deps.pool.query<{ n: string }>(
      'SELECT report_fold_message_rows($1) AS n',
      [accountId],
    );
    expect(Number(folded.rows[0]!.n)).toBe(10);
    const counted = await ctx.deps.pool.query<{ n: string; rows: string }>(
      `SELECT sum(count) AS n, (SELECT count(*) FROM report_events WHERE account_id = $1 AND day = $2) AS rows
       FROM report_message_counts WHERE account_id = $1 AND day = $2`,
      [accountId, day],
    );
    expect(Number(counted.rows[0]!.n)).toBe(10);
    expect(Number(counted.rows[0]!.rows)).toBe(0);
    // Every folded message is marked: written again, nothing counts.
    const again = Array.from({ length: 10 }, (_, g) =>
      fact({
        accountId,
        kind: 'message_in',
        sourceId: String(200_000 + g),
        at: new Date(`${day}T05:00:00Z`),
        day,
        channel: 'whatsapp',
        msgType: 'text',
      }),
    );
    expect(await writeFacts(ctx.deps.pool, again)).toBe(0);
  });

  it('relaxes synchronous_commit for its own transaction only, and only when asked', async () => {
    const client = await ctx.deps.pool.connect();
    const setting = async () =>
      (await client.query<{ v: string }>('SELECT current_setting($1) AS v', ['synchronous_commit']))
        .rows[0]!.v;
    try {
      const before = await setting();
      const facts = (from: number) => randomFacts(rng(from), 5, 50_000 + from);
      await client.query('BEGIN');
      await writeFacts(client, facts(1));
      expect(await setting()).toBe(before);
      await writeFacts(client, facts(10), { asyncCommit: true });
      expect(await setting()).toBe('off');
      await client.query('COMMIT');
      expect(await setting()).toBe(before);
      // Alone (its own implicit transaction), the connection is left as it was.
      expect(await writeFacts(client, facts(20), { asyncCommit: true })).toBe(5);
      expect(await setting()).toBe(before);
      expect(before).not.toBe('off');
    } finally {
      client.release();
    }
  });
});
