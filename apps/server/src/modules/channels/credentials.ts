import type { ChannelCredentials } from '../../channels/types.js';
import type { Db } from '../../db/database.js';
import type { ProviderType } from '../../db/schema-messaging.js';
import type { SecretBox } from '../../lib/crypto.js';

export interface ChannelWithCredentials {
  id: string;
  accountId: string;
  provider: ProviderType;
  isEnabled: boolean;
  credentials: ChannelCredentials;
}

/** Loads a channel and unseals its access token; only job handlers and adapters need this. */
export async function loadChannelCredentials(
  db: Db,
  secrets: SecretBox,
  channelId: string,
): Promise<ChannelWithCredentials | null> {
  const row = await db
    .selectFrom('channels')
    .select([
      'id',
      'account_id',
      'provider',
      'is_enabled',
      'external_id',
      'waba_id',
      'access_token_sealed',
    ])
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    provider: row.provider,
    isEnabled: row.is_enabled,
    credentials: {
      externalId: row.external_id,
      wabaId: row.waba_id,
      accessToken: row.access_token_sealed ? secrets.open(row.access_token_sealed) : '',
    },
  };
}
