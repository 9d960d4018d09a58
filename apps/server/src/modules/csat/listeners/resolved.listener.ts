import type { Deps } from '../../../deps.js';
import { track } from '../runtime.js';
import { surveyTicket } from '../send.service.js';

/**
 * A resolved ticket gets its survey (or a note saying why not), after the resolve committed.
 * The bus is in memory: a crash between the two leaves the ticket to the sweep.
 */
export function listenToResolvedTickets(deps: Deps): void {
  deps.events.subscribe((event) => {
    if (event.type !== 'chat.resolved' || !event.ticketId) return;
    const ticketId = event.ticketId;
    track(deps, 'survey', () => surveyTicket(deps, ticketId));
  });
}
