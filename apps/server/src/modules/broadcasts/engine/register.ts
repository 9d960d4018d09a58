import type { Deps } from '../../../deps.js';
import { runLane } from './lane.js';
import { configureEngine, type EngineOptions } from './options.js';
import { startBroadcast } from './start.js';
import { runSweep } from './sweep.js';

/** How often each worker process runs the sweep itself (pg-boss cron only goes to the minute). */
const SWEEP_EVERY_MS = 5_000;

/**
 * The broadcast engine's workers in this process: starts, sending lanes and the sweep (also run
 * at once, so a restarted worker picks up what its predecessor left). Returns a stop function.
 */
export async function registerBroadcastWorkers(
  deps: Deps,
  options: Partial<EngineOptions> = {},
  sweepEveryMs = SWEEP_EVERY_MS,
): Promise<() => void> {
  const o = configureEngine(deps, options);
  await deps.jobs.work('broadcast.start', async ({ broadcastId }) => {
    await startBroadcast(deps, broadcastId, o);
  });
  // Enough concurrent lane jobs for several broadcasts at once in one process.
  await deps.jobs.work(
    'broadcast.send',
    async ({ broadcastId, slot }) => {
      await runLane(deps, broadcastId, slot, o);
    },
    8,
  );
  await deps.jobs.work('broadcast.sweep', () => runSweep(deps, o), 1);
  await deps.jobs.schedule('broadcast.sweep', '* * * * *', {});
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    runSweep(deps, o)
      .catch((err: unknown) => deps.log.error({ err }, 'broadcast sweep failed'))
      .finally(() => (running = false));
  };
  sweep();
  const timer = sweepEveryMs > 0 ? setInterval(sweep, sweepEveryMs) : null;
  timer?.unref();
  return () => {
    if (timer) clearInterval(timer);
  };
}
