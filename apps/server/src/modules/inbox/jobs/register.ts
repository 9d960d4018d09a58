import type { Deps } from '../../../deps.js';
import { runFetchMediaJob, runMediaSweepJob } from './fetch-media.job.js';
import { runFetchProfileJob } from './fetch-profile.job.js';
import { runMarkReadJob } from './mark-read.job.js';
import { runSendMessageJob, runSendSweepJob } from './send-drain.js';

/** Starts this module's workers (processes with the worker role). */
export async function registerInboxWorkers(deps: Deps): Promise<void> {
  // A job is one message or a stored batch of API sends (sent side by side, paced per channel).
  await deps.jobs.work('message.send', (data) => runSendMessageJob(deps, data), 8);
  await deps.jobs.work('message.send-sweep', async () => void (await runSendSweepJob(deps)), 1);
  await deps.jobs.schedule('message.send-sweep', '* * * * *', {});
  await deps.jobs.work('media.fetch', (data) => runFetchMediaJob(deps, data), 2);
  await deps.jobs.work('message.mark-read', (data) => runMarkReadJob(deps, data), 2);
  await deps.jobs.work('chat.profile', (data) => runFetchProfileJob(deps, data), 2);
  await deps.jobs.work('media.sweep', () => runMediaSweepJob(deps), 1);
  await deps.jobs.schedule('media.sweep', '* * * * *', {});
}
