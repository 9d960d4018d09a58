import type { Deps } from '../../deps.js';
import { accountsBehind, rollLedger } from './ledger-rollup.js';
import { runReconcile } from './reconcile.js';

/** Catches up every account whose ledger is past its cursor; how many accounts it rolled. */
export async function runReportsSweep(deps: Deps): Promise<number> {
  const behind = await accountsBehind(deps.pool);
  for (const accountId of behind) await rollLedger(deps.db, deps.pool, accountId);
  return behind.length;
}

/**
 * The minute sweep and the nightly reconcile, once across all processes. 02:30 in Jakarta
 * (19:30 UTC), when every Indonesian zone's yesterday is over.
 */
export async function registerReportWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work(
    'reports.sweep',
    async () => {
      await runReportsSweep(deps);
    },
    1,
  );
  await deps.jobs.work(
    'reports.reconcile',
    async (data) => {
      await runReconcile(deps, data);
    },
    1,
  );
  await deps.jobs.schedule('reports.sweep', '* * * * *', {});
  await deps.jobs.schedule('reports.reconcile', '30 19 * * *', {});
}
