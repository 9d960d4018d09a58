import type { Deps } from '../../../deps.js';
import { noteBroadcastReply } from '../engine/replies.js';

/**
 * A customer's message may answer a recent broadcast: it is counted, and Self Assign gives the
 * chat to the broadcast's creator (issue 6). Broadcasts are defined before routing, so routing
 * sees the chat as this left it. A failure is logged and never fails the webhook.
 */
export function listenToBroadcastReplies(deps: Deps): void {
  deps.events.on('message.received', async (event) => {
    const assigned = await noteBroadcastReply(deps, event.chat, event.customerId, event.at).catch(
      (err: unknown) => {
        deps.log.error({ err, chatId: event.chat.id }, 'broadcast reply not recorded');
        return null;
      },
    );
    if (assigned) event.chat = assigned;
  });
}
