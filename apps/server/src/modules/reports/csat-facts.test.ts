import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csatReplyId, type CsatReport } from '@sapa/contracts';
import { newCustomer } from '../../test/customer.js';
import {
  HOUR,
  csatWorld,
  customerWhoWrote,
  messagesOf,
  resolve,
  surveysOf,
  tapRow,
  type CsatWorld,
} from '../csat/test-helpers.js';
import { loadReportAccount } from './account-context.js';
import { addDays, today } from './days.js';
import { FACT_KINDS } from './facts.js';
import { cellsFromFacts, diffCells, storedCells } from './rebuild.js';
import { reconcileAccount } from './reconcile.js';
import { reportsIdle } from './runtime.js';

/**
 * CSAT as the reports see it, from the customer's tap to the nightly reconcile: surveys sent
 * and the response rate, the comment written after the rating, Sapa's notes kept out of the
 * messages out, and the figures rebuilt from the csat tables alone.
 */
let w: CsatWorld;
let from: string;
let to: string;
/** Chats: rated 4 with a comment, sent but not answered, skipped (blocked customer). */
const chats = { rated: '', silent: '', skipped: '' };
const surveys = { rated: '', silent: '', skipped: '' };
const COMMENT = 'Mantap, cepat sekali';

beforeAll(async () => {
  w = await csatWorld();
  const { timezone } = await loadReportAccount(w.ctx.deps.db, w.accountId);
  const day = today(w.ctx.clock.now(), timezone);
  // The tap's provider timestamp and the clock may fall either side of a local midnight.
  [from, to] = [addDays(day, -1), addDays(day, 1)];

  const rated = newCustomer();
  chats.rated = await customerWhoWrote(w, rated, HOUR);
  await resolve(w, w.agent, chats.rated);
  surveys.rated = (await surveysOf(w, chats.rated))[0]!.id;
  await tapRow(w, rated, { id: csatReplyId(surveys.rated, 4), title: '4 - Good' });
  w.ctx.clock.advance(60_000);
  await w.customer.post({ from: rated, body: COMMENT });

  chats.silent = await customerWhoWrote(w, newCustomer(), HOUR);
  await resolve(w, w.agent, chats.silent);
  surveys.silent = (await surveysOf(w, chats.silent))[0]!.id;

  chats.skipped = await customerWhoWrote(w, newCustomer(), HOUR);
  await w.ctx.deps.db
    .updateTable('chats')
    .set({ blocked: true })
    .where('id', '=', chats.skipped)
    .execute();
  await resolve(w, w.agent, chats.skipped);
  const skipped = (await surveysOf(w, chats.skipped))[0]!;
  expect(skipped.status).toBe('skipped');
  surveys.skipped = skipped.id;
  await reportsIdle(w.ctx.deps);
}, 60_000);
afterAll(() => w.close());

async function csatReport(): Promise<CsatReport> {
  const res = await w.ctx.app.inject({
    method: 'GET',
    url: `/api/reports?tab=csat&from=${from}&to=${to}&compare=true`,
    headers: w.admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CsatReport;
}

const factsOf = (kind: string) =>
  w.ctx.deps.db
    .selectFrom('report_events')
    .select(['source_id', 'note', 'agent_id'])
    .where('account_id', '=', w.accountId)
    .where('kind', '=', kind)
    .orderBy('source_id')
    .execute();

/** The messages counted in the reports: their bits in report_message_marks (decision 75). */
async function countedMessages(): Promise<Set<string>> {
  const { rows } = await w.ctx.deps.pool.query<{ id: string }>(
    `SELECT ((block << 10) + i)::text AS id FROM report_message_marks, generate_series(0, 1023) i
     WHERE account_id = $1 AND get_bit(bits, i) = 1`,
    [w.accountId],
  );
  return new Set(rows.map((r) => r.id));
}

/** Rollups that disagree with a recomputation from the facts (daily and weekly rebuild both). */
async function drift(): Promise<number> {
  const expected = await cellsFromFacts(w.ctx.deps.pool, w.accountId, from, to);
  const stored = await storedCells(w.ctx.deps.pool, w.accountId, FACT_KINDS, from, to);
  const diff = diffCells(expected, stored);
  return diff.set.length + diff.remove.length;
}

describe('CSAT in the reports', () => {
  it('counts surveys sent (not skipped) and the share answered; the comment after the rating shows on the report', async () => {
    const r = await csatReport();
    expect(r.totals).toMatchObject({
      responses: 1,
      average: 4,
      surveysSent: 2,
      responseRate: 0.5,
    });
    expect(r.previousTotals).toEqual({
      responses: 0,
      average: null,
      surveysSent: 0,
      responseRate: null,
    });
    expect(r.rows).toEqual([
      {
        agentId: w.agent.id,
        name: 'Budi Agent',
        responses: 1,
        average: 4,
        surveysSent: 2,
        responseRate: 0.5,
      },
    ]);
    expect(r.comments).toEqual([
      expect.objectContaining({
        surveyId: surveys.rated,
        chatId: chats.rated,
        rating: 4,
        comment: COMMENT,
        agent: { _id: w.agent.id, name: 'Budi Agent' },
      }),
    ]);
    expect((await factsOf('csat_sent')).map((f) => f.source_id).sort()).toEqual(
      [surveys.rated, surveys.silent].sort(),
    );
    expect(await drift()).toBe(0);

    // The export carries the same figures (the rate as a percentage).
    const csv = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/reports/export?tab=csat&from=${from}&to=${to}&format=csv`,
      headers: w.admin.auth,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Agent,Answers,Average rating,Surveys sent,Response rate (%)');
    expect(lines.find((l) => l.startsWith('Budi Agent'))).toBe('Budi Agent,1,4,2,50');
  });

  it('counts the survey as a message out, but not Sapa’s notes (the answer’s card, a skipped survey’s note)', async () => {
    const out = await countedMessages();
    const of = async (chatId: string) =>
      (await messagesOf(w, chatId)).filter((m) => m.from_me && m.is_system);
    const rated = await of(chats.rated);
    const kind = (m: (typeof rated)[number]) => (m.payload as { csat: { kind: string } }).csat.kind;
    const survey = rated.find((m) => kind(m) === 'survey')!;
    const card = rated.find((m) => kind(m) === 'answer')!;
    const note = (await of(chats.skipped)).find((m) => kind(m) === 'skipped')!;
    expect(out.has(String(survey.id))).toBe(true);
    expect(out.has(String(card.id))).toBe(false);
    expect(out.has(String(note.id))).toBe(false);
    // The prompt for a comment and the thanks are sent to the customer: messages out too.
    for (const m of rated.filter((m) => ['comment_prompt', 'thanks'].includes(kind(m))))
      expect(out.has(String(m.id))).toBe(true);
  });

  it('the reconcile rebuilds CSAT from the csat tables: lost facts, a lost comment; a note once counted as sent is folded away', async () => {
    const before = await csatReport();
    const db = w.ctx.deps.db;
    // Drift: the sending of one survey and the answer of another were never written, the
    // comment never reached its fact, and an old listener counted the card as a message out.
    await db
      .deleteFrom('report_events')
      .where('account_id', '=', w.accountId)
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'csat_sent'), eb('source_id', '=', surveys.silent)]),
          eb.and([
            eb('kind', 'in', ['csat', 'csat_answered', 'csat_sent']),
            eb('source_id', '=', surveys.rated),
          ]),
        ]),
      )
      .execute();
    const card = (await messagesOf(w, chats.rated)).find(
      (m) => (m.payload as { csat: { kind?: string } } | null)?.csat?.kind === 'answer',
    )!;
    // A message-out row an older server wrote for the card, as migration 0077 finds them.
    await w.ctx.deps.pool.query(
      `INSERT INTO report_events (account_id, kind, source_id, at, day, channel)
       VALUES ($1, 'message_out', $2, now(), $3, 'whatsapp')`,
      [w.accountId, String(card.id), from],
    );
    const drifted = await csatReport();
    expect(drifted.totals).toMatchObject({ responses: 1, surveysSent: 2 }); // rollups untouched
    expect(await drift()).toBeGreaterThan(0);
    // Folded into the counts as 0077 does: a note is dropped, not counted.
    const counts = async () =>
      (
        await w.ctx.deps.pool.query<{ n: string }>(
          'SELECT coalesce(sum(count), 0) AS n FROM report_message_counts WHERE account_id = $1',
          [w.accountId],
        )
      ).rows[0]!.n;
    const countsBefore = await counts();
    const folded = await w.ctx.deps.pool.query<{ n: string }>(
      'SELECT report_fold_message_rows($1) AS n',
      [w.accountId],
    );
    expect(Number(folded.rows[0]!.n)).toBe(1);
    expect(await counts()).toBe(countsBefore);
    expect((await countedMessages()).has(String(card.id))).toBe(false);

    const report = await reconcileAccount(w.ctx.deps, w.accountId, from, to);
    expect(report.factsAdded).toBe(4);
    expect(report.factsFixed).toBe(0);
    expect(await drift()).toBe(0);
    expect(await csatReport()).toEqual(before);
    expect((await countedMessages()).has(String(card.id))).toBe(false);

    // A comment that missed its fact is filled in; the rest stands.
    await db
      .updateTable('report_events')
      .set({ note: null })
      .where('account_id', '=', w.accountId)
      .where('kind', '=', 'csat')
      .execute();
    expect((await csatReport()).comments).toEqual([]);
    expect(await reconcileAccount(w.ctx.deps, w.accountId, from, to)).toMatchObject({
      factsAdded: 0,
      factsFixed: 1,
      rollupRowsRepaired: 0,
    });
    expect(await csatReport()).toEqual(before);
  });

  it('recomputes the same CSAT figures from nothing, and a second run finds nothing to do', async () => {
    const before = await csatReport();
    for (const table of [
      'report_events',
      'report_message_counts',
      'report_message_marks',
      'report_daily',
      'report_weekly',
    ] as const)
      await w.ctx.deps.db.deleteFrom(table).where('account_id', '=', w.accountId).execute();
    expect((await csatReport()).totals).toMatchObject({ responses: 0, surveysSent: 0 });
    const report = await reconcileAccount(w.ctx.deps, w.accountId, from, to);
    expect(report.factsAdded).toBeGreaterThan(4);
    expect(await drift()).toBe(0);
    expect(await csatReport()).toEqual(before);
    expect(await reconcileAccount(w.ctx.deps, w.accountId, from, to)).toMatchObject({
      factsAdded: 0,
      factsFixed: 0,
      rollupRowsRepaired: 0,
    });
  });
});
