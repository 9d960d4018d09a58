import type { Deps } from '../../../deps.js';
import { ingestBroadcastStatus } from '../engine/statuses.js';

/**
 * Statuses of broadcast sends (their callback data names the recipient row) land on that row.
 * Errors go through: ingest then answers 5xx and Meta redelivers, so no status is lost.
 */
export function listenToBroadcastStatuses(deps: Deps): void {
  deps.events.on('send.status', (event) =>
    ingestBroadcastStatus(deps, event.channelId, event.status),
  );
}
