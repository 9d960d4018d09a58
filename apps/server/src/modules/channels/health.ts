import { MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { ProviderError } from '../../channels/errors.js';
import { presentService } from './presenter.js';
import { channelsRepo } from './repo.js';
import type { ChannelRow } from './presenter.js';

export type HealthDeps = Pick<Deps, 'db' | 'clock' | 'events' | 'mailer' | 'config' | 'log'>;

/**
 * `token`: Meta refused the token (190); `access`: the token may no longer act for the channel;
 * `logged_out` / `forbidden`: a linked WhatsApp basic number was logged out or refused (issue 20).
 */
export type HealthProblem = 'token' | 'access' | 'logged_out' | 'forbidden';

const REASON: Record<HealthProblem, string> = {
  token: MESSAGES.channelHealthTokenRefused,
  access: MESSAGES.channelHealthNotFound,
  logged_out: MESSAGES.channelHealthLoggedOut,
  forbidden: MESSAGES.channelHealthForbidden,
};

/** Kinds that say something about one conversation, not about the channel. */
const NOT_THE_CHANNEL: ReadonlySet<string> = new Set(['window_closed', 'recipient_invalid']);

/** A broadcast failing every send writes the last error at most this often per channel. */
const SEND_ERROR_EVERY_MS = 5_000;
const MAX_ERROR_CHARS = 500;

/**
 * Marks the channel as needing attention and tells the account's admins (a `channel.health`
 * socket event and one email each), once per incident: the flag is set only on a healthy row,
 * so concurrent failures (a broadcast's lanes, the token check) open it once.
 */
export async function reportProblem(
  deps: HealthDeps,
  channelId: string,
  problem: HealthProblem,
): Promise<boolean> {
  const row = await channelsRepo.openIncident(
    deps.db,
    channelId,
    REASON[problem],
    deps.clock.now(),
  );
  if (!row) return false;
  deps.log.warn({ channelId, accountId: row.account_id, problem }, 'channel needs attention');
  deps.events.publish({
    type: 'channel.health',
    accountId: row.account_id,
    service: presentService(row),
  });
  await mailAdmins(deps, row, problem);
  return true;
}

/** Closes the channel's incident after a send or a check worked; tells the admins' screens. */
export async function reportHealthy(deps: HealthDeps, channelId: string): Promise<boolean> {
  const row = await channelsRepo.closeIncident(deps.db, channelId, deps.clock.now());
  if (!row) return false;
  deps.log.info({ channelId, accountId: row.account_id }, 'channel healthy again');
  deps.events.publish({
    type: 'channel.health',
    accountId: row.account_id,
    service: presentService(row),
  });
  return true;
}

/**
 * What a provider's refusal of a send says about the channel: the last send error (not the
 * window or a bad recipient, which are one conversation's business), and a refused token opens
 * an incident at once.
 */
export async function recordSendFailure(
  deps: HealthDeps,
  channelId: string,
  err: ProviderError,
): Promise<void> {
  if (NOT_THE_CHANNEL.has(err.kind)) return;
  // Refusals decided here (a text too long, a disconnected channel) never reached Meta.
  if (err.httpStatus === null && err.kind !== 'temporarily_unavailable') return;
  const text = `${err.info.title}: ${err.info.message}`.slice(0, MAX_ERROR_CHARS);
  await channelsRepo.recordSendError(
    deps.db,
    channelId,
    text,
    deps.clock.now(),
    SEND_ERROR_EVERY_MS,
  );
  if (err.kind !== 'token_invalid') return;
  // Meta's refusal is as good an answer about the token as the periodic check's.
  await channelsRepo.recordTokenCheck(deps.db, channelId, false, deps.clock.now());
  await reportProblem(deps, channelId, 'token');
}

/** A send that went through after trouble: the token works, and the incident ends. */
export async function recordSendRecovered(deps: HealthDeps, channelId: string): Promise<void> {
  await channelsRepo.recordTokenCheck(deps.db, channelId, true, deps.clock.now());
  await reportHealthy(deps, channelId);
}

async function mailAdmins(
  deps: HealthDeps,
  channel: ChannelRow,
  problem: HealthProblem,
): Promise<void> {
  const admins = await deps.db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.email', 'u.name', 'u.language', 'a.name as company'])
    .where('u.account_id', '=', channel.account_id)
    .where('u.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .execute();
  const linked = channel.channel === 'whatsapp_basic';
  const path =
    channel.channel === 'whatsapp' ? 'whatsapp' : linked ? 'whatsapp-basic/detail' : 'service';
  for (const admin of admins) {
    await deps.mailer
      .send({
        to: admin.email,
        template: linked ? 'wabasic_logged_out' : 'channel_attention',
        language: admin.language,
        accountId: channel.account_id,
        vars: {
          name: admin.name,
          company: admin.company,
          channel: channel.name,
          problem,
          link: `${deps.config.appUrl}/integration/${path}`,
        },
      })
      // The incident is already recorded and shown; a lost email must not undo it.
      .catch((err: unknown) =>
        deps.log.error({ err, channelId: channel.id }, 'channel attention email not recorded'),
      );
  }
}
