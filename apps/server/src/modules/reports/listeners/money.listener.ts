import type { Deps } from '../../../deps.js';
import { applyBroadcastCounts, outcomesOf, type Outcomes } from '../broadcast-rollup.js';
import { rollLedger } from '../ledger-rollup.js';
import { batchQueue } from '../runtime.js';

/**
 * Money and broadcasts: `balance.updated` (published after every ledger movement, coalesced per
 * account) rolls the account's new ledger rows into the daily cost; `broadcast.progress` keeps
 * each broadcast's outcome counts. Both are idempotent, and the minute sweep catches up an
 * account whose announcement was lost.
 */
export function listenToMoneyForReports(deps: Deps): void {
  const ledger = batchQueue<string>(deps, 'report ledger rollup', async (accountIds) => {
    for (const accountId of new Set(accountIds)) await rollLedger(deps.db, deps.pool, accountId);
  });
  const broadcasts = batchQueue<{ accountId: string; broadcastId: string; outcomes: Outcomes }>(
    deps,
    'report broadcast outcomes',
    async (items) => {
      // The last announcement of each broadcast in the batch carries its newest counts.
      const latest = new Map(items.map((i) => [i.broadcastId, i]));
      for (const i of latest.values())
        await applyBroadcastCounts(deps.db, deps.pool, i.accountId, i.broadcastId, i.outcomes);
    },
    1,
  );
  deps.events.subscribe((event) => {
    if (event.type === 'balance.updated') ledger.push(event.accountId);
    else if (event.type === 'broadcast.progress')
      broadcasts.push({
        accountId: event.accountId,
        broadcastId: event.event.broadcastId,
        outcomes: outcomesOf(event.event.counts),
      });
  });
}
