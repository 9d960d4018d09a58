import type { Deps } from '../../../deps.js';
import type { AwaitedEventMap } from '../../../events/bus.js';
import type { SurveyForReports } from '../../csat/index.js';
import { loadReportAccount } from '../account-context.js';
import { fact, type Fact } from '../facts.js';
import { writeFacts, type Queryable } from '../facts.repo.js';
import { localDay } from '../working-hours.js';

/**
 * The CSAT facts of a survey: `csat_sent` on its send day; once answered, `csat` (value = the
 * rating, note = the comment) on the answer's day and `csat_answered` on the send day (an answer
 * proves the sending, so a lost `csat.sent` never makes the rate pass 100 %). The listeners and
 * the reconcile both build them here, so they cannot disagree.
 */
export function surveyFacts(accountId: string, timezone: string, s: SurveyForReports): Fact[] {
  const who = {
    accountId,
    sourceId: s.surveyId,
    chatId: s.chatId,
    ticketId: s.ticketId,
    agentId: s.agentId,
    channel: s.channel,
    divisionId: s.divisionId,
  };
  const onSendDay = { at: s.sentAt, day: localDay(s.sentAt, timezone) };
  const facts: Fact[] = [fact({ ...who, ...onSendDay, kind: 'csat_sent' })];
  if (s.rating !== null && s.answeredAt !== null)
    facts.push(
      fact({
        ...who,
        kind: 'csat',
        at: s.answeredAt,
        day: localDay(s.answeredAt, timezone),
        valueS: s.rating,
        note: s.comment,
      }),
      fact({ ...who, ...onSendDay, kind: 'csat_answered' }),
    );
  return facts;
}

/**
 * Comments on answers' facts (the comment the customer wrote after the rating). Only an empty
 * note is set: the first comment is the one, and writing it again changes nothing. How many
 * facts changed.
 */
export async function setCsatNotes(
  db: Queryable,
  accountId: string,
  notes: { surveyId: string; comment: string }[],
): Promise<number> {
  if (notes.length === 0) return 0;
  const { rowCount } = await db.query(
    `UPDATE report_events e SET note = t.comment
     FROM unnest($2::text[], $3::text[]) AS t(source_id, comment)
     WHERE e.account_id = $1 AND e.kind = 'csat' AND e.source_id = t.source_id
       AND coalesce(e.note, '') = ''`,
    [accountId, notes.map((n) => n.surveyId), notes.map((n) => n.comment)],
  );
  return rowCount ?? 0;
}

/**
 * A CSAT answer as facts (its survey's sending too), once per survey. Awaited by the publisher, and its failure is not
 * caught: the answer's webhook comes back and the facts are written then.
 */
export async function csatFact(deps: Deps, e: AwaitedEventMap['csat.received']): Promise<void> {
  const { timezone } = await loadReportAccount(deps.db, e.accountId);
  await writeFacts(deps.pool, surveyFacts(e.accountId, timezone, e));
}

export function listenToCsatForReports(deps: Deps): void {
  deps.events.on('csat.received', (e) => csatFact(deps, e));
  deps.events.on('csat.sent', async (e) => {
    const { timezone } = await loadReportAccount(deps.db, e.accountId);
    await writeFacts(
      deps.pool,
      surveyFacts(e.accountId, timezone, { ...e, rating: null, comment: null, answeredAt: null }),
    );
  });
  deps.events.on('csat.commented', async (e) => {
    await setCsatNotes(deps.pool, e.accountId, [e]);
  });
}
