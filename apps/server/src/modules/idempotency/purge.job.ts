import type { Deps } from '../../deps.js';
import { idempotencyRepo } from './repo.js';

/** Removes the answers whose 24 h have passed; a key used again after that runs anew. */
export async function runIdempotencyPurge(deps: Pick<Deps, 'db' | 'clock' | 'log'>) {
  const purged = await idempotencyRepo.purgeExpired(deps.db, deps.clock.now());
  if (purged) deps.log.info({ purged }, 'idempotency keys purged');
  return purged;
}

export async function registerIdempotencyWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work(
    'idempotency.purge',
    async () => {
      await runIdempotencyPurge(deps);
    },
    1,
  );
  await deps.jobs.schedule('idempotency.purge', '*/10 * * * *', {});
}
