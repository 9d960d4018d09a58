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
    const out = new Set((await factsOf('message_out')).map((f) => f.source_id));
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

  it('the reconcile rebuilds CSAT from the csat tables: lost facts, a lost comment, a note counted as sent', async () => {
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
    const survey = (await factsOf('message_out'))[0]!;
    await w.ctx.deps.pool.query(
      `INSERT INTO report_events (account_id, kind, source_id, at, day, channel)
       SELECT account_id, kind, $2, at, day, channel FROM report_events
       WHERE account_id = $1 AND kind = 'message_out' AND source_id = $3`,
      [w.accountId, String(card.id), survey.source_id],
    );
    const drifted = await csatReport();
    expect(drifted.totals).toMatchObject({ responses: 1, surveysSent: 2 }); // rollups untouched
    expect(await drift()).toBeGreaterThan(0);

    const report = await reconcileAccount(w.ctx.deps, w.accountId, from, to);
    expect(report.factsAdded).toBe(4);
    expect(report.factsFixed).toBe(1); // the card's message-out fact removed
    expect(await drift()).toBe(0);
    expect(await csatReport()).toEqual(before);
    expect((await factsOf('message_out')).map((f) => f.source_id)).not.toContain(String(card.id));

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
    for (const table of ['report_events', 'report_daily', 'report_weekly'] as const)
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
