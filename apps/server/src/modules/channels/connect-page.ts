import {
  CREDENTIAL_PROBLEM_MESSAGES,
  MESSAGES,
  type CreateInstagramServiceBody,
  type CreateMessengerServiceBody,
  type CredentialProblem,
  type Service,
} from '@sapa/contracts';
import { ProviderError } from '../../channels/types.js';
import type { OpenChannel } from '../../channels/port.js';
import { sealChannelConfig } from '../../channels/sealed-config.js';
import type { Deps } from '../../deps.js';
import { AppError, conflict } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { enforceChannelLimit } from './limit.js';
import { presentService, type ChannelRow } from './presenter.js';
import { CHANNEL_COLUMNS, channelsRepo } from './repo.js';

type PageBody = CreateMessengerServiceBody | CreateInstagramServiceBody;

const PROBLEM_CODE: Record<CredentialProblem, string> = {
  token_invalid: 'CHANNEL_TOKEN_REFUSED',
  not_found: 'CHANNEL_NOT_FOUND',
  not_linked: 'CHANNEL_NOT_LINKED',
};

/** The adapter's config: what is sealed (the connect body without Sapa's own fields). */
function configOf(body: PageBody): Record<string, string> {
  return body.channel === 'instagram'
    ? {
        instagramAccountId: body.instagramAccountId,
        pageId: body.pageId,
        pageAccessToken: body.pageAccessToken,
      }
    : { pageId: body.pageId, pageAccessToken: body.pageAccessToken };
}

/** DECISIONS 24's refusal, in page words: the same whoever holds the page. */
const notVerified = () =>
  new AppError(422, MESSAGES.channelPageNotVerified, 'CHANNEL_NOT_VERIFIED');

/** Meta could not answer (outage, timeout, rate limit): the person may retry; never a 500. */
function unavailable(deps: Pick<Deps, 'log'>, facts: object, err: ProviderError): AppError {
  deps.log.warn({ ...facts, error: err.info }, 'channel connect: Meta could not answer now');
  return new AppError(502, MESSAGES.channelVerifyUnavailable, 'PROVIDER_UNAVAILABLE');
}

/**
 * Connects a Messenger page or an Instagram account (issue 17 §2): the page's token must read
 * the page (and, for Instagram, the account linked to it), then the app is subscribed to the
 * page's webhook fields, and the config is sealed. Unlike WhatsApp, a refusal names the problem:
 * Meta's answer about a page the person typed says nothing about other tenants. Another
 * account's hold on the same page or account is still the neutral refusal of DECISIONS 24,
 * asked of Meta first.
 */
export async function connectPageChannel(
  deps: Deps,
  principal: Principal,
  body: PageBody,
): Promise<Service> {
  const port = deps.channels.port(body.channel);
  const config = configOf(body);
  const externalId = body.channel === 'instagram' ? body.instagramAccountId : body.pageId;
  const facts = { accountId: principal.accountId, channel: body.channel, externalId };
  // A deleted channel (0046) holds nothing: its page may be connected again.
  const holder = () => channelsRepo.holderOf(deps.db, body.channel, externalId);
  const refuseTaken = (heldBy: string) => {
    if (heldBy === principal.accountId)
      return conflict(MESSAGES.channelPageAlreadyConnected, 'CHANNEL_EXISTS');
    deps.log.warn(
      { ...facts, heldBy },
      'channel connect refused: verified with Meta, but another account holds this page',
    );
    return notVerified();
  };

  const held = await holder();
  if (held?.account_id === principal.accountId) throw refuseTaken(held.account_id);
  await enforceChannelLimit(deps, principal.accountId, body.channel);

  const open: OpenChannel = deps.channels.open(body.channel, config);
  try {
    const check = await open.verifyCredentials();
    if (!check.ok) {
      deps.log.info({ ...facts, problem: check.problem }, 'channel connect refused by Meta');
      throw new AppError(
        422,
        CREDENTIAL_PROBLEM_MESSAGES[body.channel][check.problem],
        PROBLEM_CODE[check.problem],
      );
    }
  } catch (err) {
    if (err instanceof ProviderError) throw unavailable(deps, facts, err);
    throw err;
  }
  if (held) throw refuseTaken(held.account_id);
  try {
    await open.subscribe?.();
  } catch (err) {
    if (err instanceof ProviderError) throw unavailable(deps, facts, err);
    throw err;
  }

  const now = deps.clock.now();
  const row = (await deps.db
    .insertInto('channels')
    .values({
      account_id: principal.accountId,
      name: body.name,
      channel: body.channel,
      provider: body.channel,
      external_id: externalId,
      page_id: body.pageId,
      human_agent_replies: body.humanAgentReplies ?? true,
      config_sealed: sealChannelConfig(deps.secrets, port, config),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirst()) as ChannelRow | undefined;
  if (!row) {
    // Connected by someone else while Meta was being asked.
    const winner = await holder();
    throw winner ? refuseTaken(winner.account_id) : notVerified();
  }
  return presentService(row);
}
