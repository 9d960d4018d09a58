import {
  CREDENTIAL_PROBLEM_MESSAGES,
  MESSAGES,
  type CredentialProblem,
  type Service,
  type UpdateServiceBody,
} from '@sapa/contracts';
import type { Updateable } from 'kysely';
import type { Deps } from '../../deps.js';
import type { ChannelType, ChannelsTable, ProviderType } from '../../db/schema-messaging.js';
import type { OpenChannel } from '../../channels/port.js';
import { ProviderError } from '../../channels/errors.js';
import { openChannelConfig, sealChannelConfig } from '../../channels/sealed-config.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { loadChatRows } from '../conversations/index.js';
import { forgetIngestChannel } from '../inbox/ingest.service.js';
import { reportHealthy } from './health.js';
import { isPageChannel, presentService, type ChannelRow } from './presenter.js';
import { channelsRepo } from './repo.js';
import { notVerified } from './verify.js';

/**
 * Issue 17 §3: an admin edits a channel (name, broadcast speed, a new token, and for a page
 * channel whether agents may reply for 7 days), disconnects it, reconnects it, and deletes a
 * disconnected one. The channel keeps its id through all of it, so its chats and messages stay
 * where they are.
 */

/** The config field each provider's token lives in (a PATCH's `accessToken` replaces it). */
const TOKEN_FIELD: Partial<Record<ProviderType, string>> = {
  whatsapp_cloud: 'accessToken',
  messenger: 'pageAccessToken',
  instagram: 'pageAccessToken',
};

const channelNotFound = () => notFound('Channel not found');

async function mine(deps: Deps, principal: Principal, id: string): Promise<ChannelRow> {
  const row = await channelsRepo.get(deps.db, principal.accountId, id);
  if (!row) throw channelNotFound();
  return row;
}

function configOfRow(deps: Deps, row: ChannelRow): Record<string, unknown> {
  if (!row.config_sealed) throw conflict(MESSAGES.channelNoToken, 'CHANNEL_NO_TOKEN');
  return openChannelConfig(deps.secrets, row.config_sealed) as Record<string, unknown>;
}

/** Meta's refusal in words the admin can act on (WhatsApp's one neutral sentence, DECISIONS 24). */
function refusalOf(channel: ChannelType, problem: CredentialProblem): AppError {
  if (channel === 'messenger' || channel === 'instagram')
    return new AppError(422, CREDENTIAL_PROBLEM_MESSAGES[channel][problem], 'CHANNEL_NOT_VERIFIED');
  return notVerified();
}

/**
 * Asks Meta whether the config works; a refusal is a 422 naming the problem, Meta not answering
 * a 502 to retry. Nothing is stored before this answers yes.
 */
async function verify(deps: Deps, row: ChannelRow, open: OpenChannel): Promise<void> {
  let check;
  try {
    check = await open.verifyCredentials();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    deps.log.warn({ channelId: row.id, error: err.info }, 'channel check: Meta did not answer');
    throw new AppError(502, MESSAGES.channelVerifyUnavailable, 'PROVIDER_UNAVAILABLE');
  }
  if (!check.ok) {
    deps.log.info({ channelId: row.id, problem: check.problem }, 'channel credentials refused');
    throw refusalOf(row.channel, check.problem);
  }
}

/**
 * `PATCH /api/services/:id`. A new token is verified with Meta through the channel's adapter
 * before it replaces the old one (a refusal changes nothing) and is sealed with the rest of the
 * config; the channel keeps its id, chats and history, and a working token ends an incident.
 */
export async function editService(
  deps: Deps,
  principal: Principal,
  id: string,
  body: UpdateServiceBody,
): Promise<Service> {
  const row = await mine(deps, principal, id);
  const now = deps.clock.now();
  const set: Updateable<ChannelsTable> = { updated_at: now };
  if (body.name !== undefined) set.name = body.name;
  if (body.broadcastRate !== undefined) set.broadcast_rate = body.broadcastRate;
  if (body.humanAgentReplies !== undefined) {
    if (!isPageChannel(row.channel))
      throw badRequest(MESSAGES.channelHumanAgentPagesOnly, 'CHANNEL_NOT_PAGE');
    set.human_agent_replies = body.humanAgentReplies;
  }
  if (body.accessToken !== undefined) {
    const field = TOKEN_FIELD[row.provider as ProviderType];
    if (!field) throw conflict(MESSAGES.channelNoToken, 'CHANNEL_NO_TOKEN');
    const port = deps.channels.port(row.provider as ProviderType);
    const config = { ...configOfRow(deps, row), [field]: body.accessToken };
    await verify(deps, row, deps.channels.open(row.provider as ProviderType, config));
    set.config_sealed = sealChannelConfig(deps.secrets, port, config);
    // The old column (pre-0045 rows) must not outlive the token it held.
    set.access_token_sealed = null;
    set.token_checked_at = now;
    set.token_valid = true;
  }
  const updated = await channelsRepo.update(deps.db, principal.accountId, id, set);
  if (!updated) throw channelNotFound();
  if (body.accessToken !== undefined) await reportHealthy(deps, id);
  return presentService((await channelsRepo.get(deps.db, principal.accountId, id)) ?? updated);
}

/**
 * Pages whose webhook subscription another live channel still needs: a Messenger Page and the
 * Instagram account linked through it share one, so it is removed only with the last of them.
 */
async function pageStillUsed(deps: Deps, row: ChannelRow, pageId: string): Promise<boolean> {
  for (const other of await channelsRepo.otherPageChannels(deps.db, row.id)) {
    if (!other.config_sealed) continue;
    const config = openChannelConfig(deps.secrets, other.config_sealed) as { pageId?: unknown };
    if (config.pageId === pageId) return true;
  }
  return false;
}

/**
 * `POST /api/services/:id/disconnect`: the channel stops sending (loadChannel and the send
 * paths refuse) and receiving (ingest drops its webhooks), Meta stops sending its webhooks where
 * the app subscribes per channel, and everything it stored stays readable.
 */
export async function disconnectService(
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<Service> {
  const row = await mine(deps, principal, id);
  if (row.disconnected_at)
    throw conflict(MESSAGES.channelAlreadyDisconnected, 'CHANNEL_DISCONNECTED');
  const now = deps.clock.now();
  const updated = await channelsRepo.update(
    deps.db,
    principal.accountId,
    id,
    { disconnected_at: now, updated_at: now },
    'connected',
  );
  if (!updated) throw conflict(MESSAGES.channelAlreadyDisconnected, 'CHANNEL_DISCONNECTED');
  forgetIngestChannel(deps.db, row.provider as ProviderType, row.external_id);
  await unsubscribe(deps, row);
  return presentService(updated);
}

/**
 * Best effort: the channel is disconnected here whatever Meta says (ingest drops its webhooks
 * anyway), so a refused token or an outage only leaves Meta sending what we ignore.
 */
async function unsubscribe(deps: Deps, row: ChannelRow): Promise<void> {
  if (!row.config_sealed) return;
  const config = openChannelConfig(deps.secrets, row.config_sealed) as { pageId?: unknown };
  const open = deps.channels.open(row.provider as ProviderType, config);
  if (!open.unsubscribe || !open.capabilities.webhookSubscription) return;
  if (typeof config.pageId === 'string' && (await pageStillUsed(deps, row, config.pageId))) return;
  try {
    await open.unsubscribe();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    deps.log.warn(
      { channelId: row.id, error: err.info },
      'channel disconnected; unsubscribe failed',
    );
  }
}

/**
 * `POST /api/services/:id/reconnect`: asks Meta again (a refusal leaves it disconnected),
 * subscribes the app again where the platform wants that, and the channel sends and receives.
 */
export async function reconnectService(
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<Service> {
  const row = await mine(deps, principal, id);
  if (!row.disconnected_at) throw conflict(MESSAGES.channelNotDisconnectedYet, 'CHANNEL_CONNECTED');
  const open = deps.channels.open(row.provider as ProviderType, configOfRow(deps, row));
  await verify(deps, row, open);
  if (open.subscribe && open.capabilities.webhookSubscription) {
    try {
      await open.subscribe();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      deps.log.warn({ channelId: row.id, error: err.info }, 'reconnect: subscribe failed');
      throw new AppError(502, MESSAGES.channelVerifyUnavailable, 'PROVIDER_UNAVAILABLE');
    }
  }
  const now = deps.clock.now();
  const updated = await channelsRepo.update(
    deps.db,
    principal.accountId,
    id,
    { disconnected_at: null, token_checked_at: now, token_valid: true, updated_at: now },
    'disconnected',
  );
  if (!updated) throw conflict(MESSAGES.channelNotDisconnectedYet, 'CHANNEL_CONNECTED');
  forgetIngestChannel(deps.db, row.provider as ProviderType, row.external_id);
  await reportHealthy(deps, id);
  return presentService((await channelsRepo.get(deps.db, principal.accountId, id)) ?? updated);
}

/**
 * `DELETE /api/services/:id`: only a disconnected channel (disconnecting is the step that stops
 * traffic; deleting only frees the plan's limit and the external id). Its chats are archived and
 * stay readable; the row stays for them but no longer counts, lists or holds the id.
 */
export async function deleteService(deps: Deps, principal: Principal, id: string): Promise<void> {
  const row = await mine(deps, principal, id);
  if (!row.disconnected_at) throw conflict(MESSAGES.channelNotDisconnected, 'CHANNEL_CONNECTED');
  const archived = await deps.db
    .transaction()
    .execute((trx) => channelsRepo.softDelete(trx, principal.accountId, id, deps.clock.now()));
  if (!archived) throw conflict(MESSAGES.channelNotDisconnected, 'CHANNEL_CONNECTED');
  forgetIngestChannel(deps.db, row.provider as ProviderType, row.external_id);
  await announceArchived(deps, principal.accountId, archived);
}

/** Chats loaded per statement when announcing a deleted channel's archived chats. */
const ANNOUNCE_BATCH = 500;

/**
 * The chats a delete archived leave open lists live, as an agent's archive does: one
 * `chat.archived` per chat, after the commit, to the rooms that may see it.
 */
async function announceArchived(deps: Deps, accountId: string, chatIds: string[]) {
  for (let at = 0; at < chatIds.length; at += ANNOUNCE_BATCH) {
    const rows = await loadChatRows(deps.db, accountId, chatIds.slice(at, at + ANNOUNCE_BATCH));
    for (const chat of rows) deps.events.publish({ type: 'chat.archived', chat });
  }
}
