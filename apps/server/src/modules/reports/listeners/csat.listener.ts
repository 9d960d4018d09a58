import type { Deps } from '../../../deps.js';
import type { AwaitedEventMap } from '../../../events/bus.js';
import { loadReportAccount } from '../account-context.js';
import { fact } from '../facts.js';
import { writeFacts } from '../facts.repo.js';
import { localDay } from '../working-hours.js';

/**
 * A CSAT answer as a fact (value = the rating), once per survey. Awaited by the publisher, and
 * its failure is not caught: the answer's webhook comes back and the fact is written then.
 */
export async function csatFact(deps: Deps, e: AwaitedEventMap['csat.received']): Promise<void> {
  const { timezone } = await loadReportAccount(deps.db, e.accountId);
  await writeFacts(deps.pool, [
    fact({
      accountId: e.accountId,
      kind: 'csat',
      sourceId: e.surveyId,
      at: e.answeredAt,
      day: localDay(e.answeredAt, timezone),
      valueS: e.rating,
      chatId: e.chatId,
      ticketId: e.ticketId,
      agentId: e.agentId,
      channel: e.channel,
      divisionId: e.divisionId,
      note: e.comment,
    }),
  ]);
}

export function listenToCsatForReports(deps: Deps): void {
  deps.events.on('csat.received', (e) => csatFact(deps, e));
}
