import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ProviderError } from '../../channels/errors.js';
import { ChannelConfigError } from '../../channels/registry.js';
import { loadChannel } from './config.js';
import { reportHealthy, reportProblem } from './health.js';
import { channelsRepo } from './repo.js';

/** The job's payload: nothing; it finds its own work. */
export const tokenCheckPayloadSchema = z.object({}).strict();

/** Graph calls in flight at once: a slow Meta must not stretch one run past the next. */
const PARALLEL = 4;

export type TokenCheckDeps = Pick<
  Deps,
  'db' | 'secrets' | 'channels' | 'clock' | 'events' | 'mailer' | 'config' | 'log'
>;

/**
 * Runs every minute: each connected channel whose token was not checked for
 * `CHANNEL_TOKEN_CHECK_MINUTES` is asked about with Meta (`verifyCredentials`, one Graph read),
 * so a token revoked while nothing is being sent shows within a minute or so. A refusal opens
 * the channel's incident (admins told once); a yes closes it; Meta not answering changes nothing.
 */
export async function runTokenCheckJob(
  deps: TokenCheckDeps,
): Promise<{ checked: number; refused: number }> {
  const now = deps.clock.now();
  // A little slack, so a channel checked by the previous run is due again in this one.
  const before = new Date(now.getTime() - deps.config.channelTokenCheckMinutes * 60_000 + 5_000);
  const due = await channelsRepo.dueForTokenCheck(deps.db, before);
  let checked = 0;
  let refused = 0;
  for (let i = 0; i < due.length; i += PARALLEL) {
    const results = await Promise.all(due.slice(i, i + PARALLEL).map((c) => checkOne(deps, c.id)));
    for (const r of results) {
      if (r === null) continue;
      checked++;
      if (!r) refused++;
    }
  }
  return { checked, refused };
}

/** true: the token works; false: Meta refused it; null: no answer (or no usable config). */
async function checkOne(deps: TokenCheckDeps, channelId: string): Promise<boolean | null> {
  let check;
  try {
    const channel = await loadChannel(deps, channelId);
    if (!channel || channel.state !== 'connected') return null;
    check = await channel.open.verifyCredentials();
  } catch (err) {
    if (err instanceof ChannelConfigError || err instanceof ProviderError) {
      deps.log.warn({ channelId, err }, 'token check: no answer; next run tries again');
      return null;
    }
    throw err;
  }
  await channelsRepo.recordTokenCheck(deps.db, channelId, check.ok, deps.clock.now());
  if (check.ok) {
    await reportHealthy(deps, channelId);
    return true;
  }
  await reportProblem(deps, channelId, check.problem === 'token_invalid' ? 'token' : 'access');
  return false;
}

export async function registerChannelWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work(
    'channels.token-check',
    async (data) => {
      tokenCheckPayloadSchema.parse(data ?? {});
      await runTokenCheckJob(deps);
    },
    1,
  );
  await deps.jobs.schedule('channels.token-check', '* * * * *', {});
}
