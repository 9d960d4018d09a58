import { sql } from 'kysely';
import {
  MESSAGES,
  type CreateServiceBody,
  type CreateWhatsappServiceBody,
  type Service,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { sealChannelConfig } from '../../channels/sealed-config.js';
import { presentService, type ChannelRow } from './presenter.js';
import { connectPageChannel } from './connect-page.js';
import { enforceChannelLimit } from './limit.js';
import { CHANNEL_COLUMNS, channelsRepo } from './repo.js';
import { notVerified, refuseHeldElsewhere, verifyWhatsappNumber } from './verify.js';

export async function listServices(
  deps: Deps,
  principal: Principal,
  filter: { channel?: ChannelType; isEnable?: boolean },
): Promise<Service[]> {
  return (await channelsRepo.list(deps.db, principal.accountId, filter)).map(presentService);
}

export async function getService(deps: Deps, principal: Principal, id: string): Promise<Service> {
  const row = await channelsRepo.get(deps.db, principal.accountId, id);
  if (!row) throw notFound('Channel not found');
  return presentService(row);
}

/** `POST /api/services`: one connect per channel kind. */
export function createService(
  deps: Deps,
  principal: Principal,
  body: CreateServiceBody,
): Promise<Service> {
  if (body.channel === 'whatsapp') return createWhatsappService(deps, principal, body);
  return connectPageChannel(deps, principal, body);
}

/**
 * Connects a WhatsApp Cloud number once Meta confirms the token may act for it (verify.ts); the
 * access token is sealed at rest.
 */
export async function createWhatsappService(
  deps: Deps,
  principal: Principal,
  body: CreateWhatsappServiceBody,
): Promise<Service> {
  const holder = () => channelsRepo.holderOf(deps.db, 'whatsapp_cloud', body.phoneNumberId);
  const refuseTaken = (heldBy: string) =>
    heldBy === principal.accountId
      ? conflict(MESSAGES.channelAlreadyConnected, 'CHANNEL_EXISTS')
      : refuseHeldElsewhere(deps, principal.accountId, heldBy, body);
  // The account's own number is said plainly (before the plan limit), with no call to Meta.
  const held = await holder();
  if (held?.account_id === principal.accountId) throw refuseTaken(held.account_id);
  await enforceChannelLimit(deps, principal.accountId, 'whatsapp');
  // Meta is asked before another account's hold is revealed by anything, even timing.
  await verifyWhatsappNumber(deps, principal.accountId, body);
  if (held) throw refuseTaken(held.account_id);
  const now = deps.clock.now();
  const row = (await deps.db
    .insertInto('channels')
    .values({
      account_id: principal.accountId,
      name: body.name,
      channel: 'whatsapp',
      provider: 'whatsapp_cloud',
      external_id: body.phoneNumberId,
      display_phone_number: body.displayPhoneNumber.replace(/^\+/, ''),
      waba_id: body.wabaId,
      config_sealed: sealChannelConfig(deps.secrets, deps.channels.port('whatsapp_cloud'), body),
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

export async function toggleService(
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<Service> {
  // A disconnected channel comes back only through reconnect, which asks Meta first.
  const row = await channelsRepo.update(
    deps.db,
    principal.accountId,
    id,
    { is_enabled: sql<boolean>`NOT is_enabled`, updated_at: deps.clock.now() },
    'connected',
  );
  if (!row) {
    if (await channelsRepo.get(deps.db, principal.accountId, id))
      throw conflict(MESSAGES.channelDisconnected, 'CHANNEL_DISCONNECTED');
    throw notFound('Channel not found');
  }
  return presentService(row);
}
