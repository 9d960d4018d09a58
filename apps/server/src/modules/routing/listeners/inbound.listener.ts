import type { Deps } from '../../../deps.js';
import { routeInbound } from '../router.js';

/**
 * Routing of every customer's message, after ingest committed it: welcome, greeting, automatic
 * assignment or handover, the no-agent response. A failure never fails the webhook (the
 * provider's retry would be a duplicate and route nothing).
 */
export function listenToInboundForRouting(deps: Deps): void {
  deps.events.on('message.received', async (event) => {
    // A survey answer is not a new request: it opened no ticket and needs no agent.
    if (event.surveyAnswer) return;
    await routeInbound(deps, event.chat, event.message).catch((err: unknown) =>
      deps.log.error({ err, chatId: event.chat.id }, 'routing failed'),
    );
  });
}
