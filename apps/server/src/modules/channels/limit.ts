import type { Deps } from '../../deps.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import { conflict } from '../../http/errors.js';
import { SettingsService } from '../settings/service.js';

/** What the services API reads of a channel row (presenter.ts ChannelRow). */
export const COLUMNS = [
  'id',
  'name',
  'channel',
  'provider',
  'is_enabled',
  'external_id',
  'display_phone_number',
  'waba_id',
  'access_token_sealed',
  'config_sealed',
  'page_id',
  'human_agent_replies',
  'broadcast_rate',
  'created_at',
] as const;

// Spec §3: per-account channel limits, by channel type.
const LIMIT_KEY = {
  whatsapp: 'bo.wabaChannelLimit',
  whatsapp_basic: 'bo.wabaChannelLimit',
  instagram: 'bo.igChannelLimit',
  messenger: 'bo.messengerChannelLimit',
} as const;

const LABEL: Record<ChannelType, string> = {
  whatsapp: 'WhatsApp',
  whatsapp_basic: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

/**
 * The plan's limit for this kind of channel (spec §3 `bo.*ChannelLimit`); both WhatsApp kinds
 * share one.
 */
export async function enforceChannelLimit(
  deps: Deps,
  accountId: string,
  channel: ChannelType,
): Promise<void> {
  const limitSetting = await new SettingsService(deps).get(accountId, LIMIT_KEY[channel]);
  const limit = Number(limitSetting.value ?? '1');
  const kinds: ChannelType[] =
    channel === 'whatsapp' || channel === 'whatsapp_basic'
      ? ['whatsapp', 'whatsapp_basic']
      : [channel];
  const count = await deps.db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('channel', 'in', kinds)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= limit) {
    throw conflict(
      `Your plan allows ${limit} ${LABEL[channel]} channel${limit === 1 ? '' : 's'}. Remove one or ask us to raise the limit.`,
      'CHANNEL_LIMIT',
    );
  }
}
