/**
 * The forward-only status rule, written once for every path that moves a message's status (the
 * batched webhook statuses and the send job): sent < delivered < read; failed only from queue,
 * sent or delivered, and terminal; an inbound message's `received` never changes.
 */
const RANK: Record<string, number> = { queue: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Order used to keep the furthest of several statuses; unknown statuses rank last. */
export function statusRank(status: string): number {
  return RANK[status] ?? 99;
}

/**
 * SQL condition: may `current` (a column) move to `incoming` (an expression) whose rank is
 * `incomingRank` (an expression)? Both arguments are trusted SQL, never user input.
 */
export function forwardOnlyCondition(current: string, incoming: string, incomingRank: string) {
  return `CASE WHEN ${incoming} = 'failed' THEN ${current} IN ('queue', 'sent', 'delivered')
    ELSE ${current} NOT IN ('failed', 'received')
     AND (CASE ${current} WHEN 'queue' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 99 END) < ${incomingRank} END`;
}
