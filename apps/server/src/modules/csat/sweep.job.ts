import type { Deps } from '../../deps.js';
import { csatRepo } from './repo.js';
import { surveyTicket } from './send.service.js';

const MINUTE = 60_000;
/** Resolves the listener missed (a crash right after the commit) are looked for this far back. */
const LOOKBACK_MS = 60 * MINUTE;
/** A resolve this fresh is still the listener's to handle. */
const GRACE_MS = MINUTE;
const BATCH = 200;

/**
 * Every minute: sends the surveys a lost `chat.resolved` missed (only for tickets resolved since
 * CSAT was switched on, and within the hour: a survey days late would puzzle the customer), marks
 * surveys past their 14 days expired, and closes comment windows that passed. Each step is
 * idempotent, so two workers running it at once do no harm.
 */
export async function runCsatSweep(deps: Deps): Promise<{
  surveyed: number;
  expired: number;
  windowsClosed: number;
}> {
  const now = deps.clock.now();
  const missed = await csatRepo.unsurveyed(deps.db, now, LOOKBACK_MS, GRACE_MS, BATCH);
  let surveyed = 0;
  for (const ticketId of missed) {
    const outcome = await surveyTicket(deps, ticketId);
    if (outcome.kind === 'sent' || outcome.kind === 'skipped') surveyed++;
  }
  let expired = 0;
  for (let n = BATCH; n === BATCH;) {
    n = await csatRepo.expireDue(deps.db, now, BATCH);
    expired += n;
  }
  const windowsClosed = await csatRepo.closeCommentWindows(deps.db, now);
  if (surveyed || expired) deps.log.info({ surveyed, expired, windowsClosed }, 'csat sweep');
  return { surveyed, expired, windowsClosed };
}

export async function registerCsatWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work(
    'csat.sweep',
    async () => {
      await runCsatSweep(deps);
    },
    1,
  );
  await deps.jobs.schedule('csat.sweep', '* * * * *', {});
}
