import type { Deps } from '../../deps.js';
import type { ChannelType } from '../../db/schema-messaging.js';
import { conflict } from '../../http/errors.js';
import { SettingsService } from '../settings/service.js';
import { channelsRepo } from './repo.js';

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
  // Deleted channels do not count (0046): deleting one is how an admin makes room.
  const count = await channelsRepo.countForLimit(deps.db, accountId, kinds);
  if (count >= limit) {
    throw conflict(
      `Your plan allows ${limit} ${LABEL[channel]} channel${limit === 1 ? '' : 's'}. Remove one or ask us to raise the limit.`,
      'CHANNEL_LIMIT',
    );
  }
}
