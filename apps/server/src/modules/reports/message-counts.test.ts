import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { customerOf, newCustomer } from '../../test/customer.js';
import { dimsOf, distinctFacts, type Fact } from './facts.js';
import { countMessages } from './message-counts.repo.js';
import { messageFacts } from './message-facts.js';
import { reportsIdle } from './runtime.js';

/**
 * The listener counts messages in SQL (`countMessages`); the reconcile derives the same facts in
 * TypeScript (`messageFacts`). Over messages of every sort — a customer's on a chat with a
 * division and labels, on a chat whose agent has a division, on one with nobody; a person's
 * reply; an automatic message; Sapa's note; several types and local days — the counts and
 * rollups the statement writes are exactly what the reconcile's facts add up to.
 */
let ctx: TestContext;
let accountId: string;
let ids: string[];
let withTickets: string[];
let agus: TestUser;

const METRICS = ['message_in', 'message_out', 'contact_active'];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-03-09T16:30:00Z'); // 23:30 in Jakarta: messages fall on two local days
  accountId = await createAccount(ctx);
  const sales = await createDivision(ctx, accountId, 'Sales');
  const support = await createDivision(ctx, accountId, 'Support');
  agus = await createUser(ctx, accountId, { role: 'agent', name: 'Agus', divisionIds: [support] });
  const bela = await createUser(ctx, accountId, { role: 'agent', name: 'Bela' });
  const channel = await createWhatsappChannel(ctx, accountId);
  const customer = customerOf(ctx, channel.phoneNumberId);
  const chats = [];
  for (let i = 0; i < 3; i++) chats.push(await customer.writes(newCustomer()));
  await reportsIdle(ctx.deps);
  // Start from nothing: what follows is counted only by the statement under test.
  for (const table of [
    'report_events',
    'report_message_counts',
    'report_message_marks',
    'report_daily',
  ])
    await ctx.deps.pool.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId]);
  const { rows: labels } = await ctx.deps.pool.query<{ id: string }>(
    `INSERT INTO labels (account_id, name, color) VALUES ($1, 'VIP', '#228be6'), ($1, 'Lead', '#228be6')
     RETURNING id`,
    [accountId],
  );
  // Chat 0: division Sales, two labels, Agus. Chat 1: no division, Agus (his is Support).
  // Chat 2: no division, Bela (none either).
  await ctx.deps.pool.query(
    `UPDATE chats SET division_ids = $2, labels = $3, agent_id = $4 WHERE id = $1`,
    [chats[0], [sales], labels.map((l) => l.id), agus.id],
  );
  await ctx.deps.pool.query('UPDATE chats SET agent_id = $2 WHERE id = $1', [chats[1], agus.id]);
  await ctx.deps.pool.query('UPDATE chats SET agent_id = $2 WHERE id = $1', [chats[2], bela.id]);
  const { rows } = await ctx.deps.pool.query<{ id: string }>(
    `INSERT INTO messages (account_id, chat_id, channel_id, msg_type, text, status, from_me,
                           sender_id, is_system, sent_at)
     SELECT c.account_id, c.id, c.channel_id, m.type, 'x', m.status, m.from_me, m.sender, m.system,
            $2::timestamptz + make_interval(mins => m.minute)
     FROM chats c
     CROSS JOIN (VALUES
       ('text', 'received', false, NULL::uuid, false, 1),
       ('image', 'received', false, NULL, false, 45),
       ('text', 'sent', true, $3::uuid, false, 50),
       ('text', 'sent', true, NULL, false, 55),
       ('text', 'received', true, NULL, true, 56),
       ('interactive', 'sent', true, NULL, true, 57)
     ) AS m(type, status, from_me, sender, system, minute)
     WHERE c.id = ANY($1::uuid[])
     RETURNING id::text`,
    [chats, ctx.clock.now(), agus.id],
  );
  ids = rows.map((r) => r.id);
  withTickets = await countMessages(ctx.deps.pool, ids);
});
afterAll(() => ctx.close());

/** What the reconcile's facts add up to: count rows and rollup cells. */
async function expected() {
  // A contact's month once, from its first message, as the write keeps it.
  const facts = distinctFacts(await messageFacts(ctx.deps.db, ctx.deps.pool, ids)).filter((f) =>
    METRICS.includes(f.kind),
  );
  const counts = new Map<string, number>();
  const cells = new Map<string, number>();
  const add = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  for (const f of facts) {
    if (f.kind !== 'contact_active') add(counts, countKey(f));
    for (const dim of dimsOf(f)) add(cells, `${f.kind}|${dim}|${f.day}`);
  }
  return { facts, counts, cells };
}

const countKey = (
  f: Pick<Fact, 'kind' | 'day' | 'agentId' | 'channel' | 'divisionId' | 'labels' | 'msgType'>,
) =>
  [f.kind, f.day, f.agentId, f.channel, f.divisionId, [...f.labels].sort().join(','), f.msgType]
    .map(String)
    .join('|');

describe('countMessages', () => {
  it('writes the counts and rollups the reconcile’s facts add up to', async () => {
    const want = await expected();
    // The fixture covers what it means to: two days, a division from the chat and one from
    // the agent, labels, automatic and system messages, and a note that counts for nothing.
    expect(new Set(want.facts.map((f) => f.day)).size).toBe(2);
    expect(want.facts.filter((f) => f.kind === 'message_out')).toHaveLength(9);
    expect(new Set(want.facts.map((f) => f.divisionId)).size).toBe(3);
    const { rows: counts } = await ctx.deps.pool.query<{
      kind: string;
      day: string;
      agent_id: string | null;
      channel: string | null;
      division_id: string | null;
      labels: string[];
      msg_type: string | null;
      count: number;
    }>(
      `SELECT kind, day::text AS day, agent_id, channel, division_id, labels::text[] AS labels,
              msg_type, count FROM report_message_counts WHERE account_id = $1`,
      [accountId],
    );
    const got = new Map(
      counts.map((r) => [
        countKey({
          kind: r.kind as Fact['kind'],
          day: r.day,
          agentId: r.agent_id,
          channel: r.channel,
          divisionId: r.division_id,
          labels: r.labels,
          msgType: r.msg_type,
        }),
        r.count,
      ]),
    );
    expect(got).toEqual(want.counts);
    const { rows: daily } = await ctx.deps.pool.query<{ key: string; count: number }>(
      `SELECT metric || '|' || dim || '|' || day::text AS key, count FROM report_daily
       WHERE account_id = $1 AND metric = ANY($2::text[])`,
      [accountId, METRICS],
    );
    expect(new Map(daily.map((r) => [r.key, r.count]))).toEqual(want.cells);
  });

  it('counts nothing twice, and names the messages whose facts need their tickets', async () => {
    expect(await countMessages(ctx.deps.pool, ids)).toEqual(withTickets);
    const { rows } = await ctx.deps.pool.query<{ n: string }>(
      'SELECT sum(count) AS n FROM report_message_counts WHERE account_id = $1',
      [accountId],
    );
    expect(Number(rows[0]!.n)).toBe(15); // 18 messages, 3 of them notes
    // Agus's replies (one per chat); no customer's message here opened a ticket.
    const { rows: replies } = await ctx.deps.pool.query<{ id: string }>(
      'SELECT id::text FROM messages WHERE id = ANY($1::bigint[]) AND sender_id = $2',
      [ids, agus.id],
    );
    expect([...withTickets].sort()).toEqual(replies.map((r) => r.id).sort());
  });
});
