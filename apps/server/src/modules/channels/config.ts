import {
  MESSAGES,
  whatsappCloudCredentialsSchema,
  type WhatsappCloudCredentials,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import type { ChannelType, ProviderType } from '../../db/schema-messaging.js';
import type { OpenChannel } from '../../channels/port.js';
import { openChannelConfig, sealChannelConfig } from '../../channels/sealed-config.js';
import type { SecretBox } from '../../lib/crypto.js';
import { ProviderError } from '../../channels/errors.js';
import { recordSendFailure, recordSendRecovered, type HealthDeps } from './health.js';

/** A channel ready to act: its row's facts and its port bound to its (opened) config. */
export interface LoadedChannel {
  id: string;
  accountId: string;
  provider: ProviderType;
  channel: ChannelType;
  isEnabled: boolean;
  /** Disconnected (or deleted): `open.send` and `open.markRead` refuse without calling Meta. */
  state: 'connected' | 'disconnected';
  /** The port, watched: a refused token marks the channel, a send that works clears it. */
  open: OpenChannel;
  /** The config the port was opened with (already checked by its schema). */
  config: unknown;
}

interface ConfigRow {
  provider: ProviderType;
  external_id: string;
  waba_id: string | null;
  display_phone_number: string | null;
  access_token_sealed: string | null;
  config_sealed: string | null;
}

const CONFIG_COLUMNS = [
  'provider',
  'external_id',
  'waba_id',
  'display_phone_number',
  'access_token_sealed',
  'config_sealed',
] as const;

/**
 * The stored config of a channel. Rows from before 0045 that the start-up backfill has not
 * sealed yet are read from their old columns (only WhatsApp Cloud had any).
 */
function configOf(secrets: SecretBox, row: ConfigRow): unknown {
  if (row.config_sealed) return openChannelConfig(secrets, row.config_sealed);
  return {
    phoneNumberId: row.external_id,
    wabaId: row.waba_id ?? '',
    displayPhoneNumber: row.display_phone_number ?? '',
    accessToken: row.access_token_sealed ? secrets.open(row.access_token_sealed) : '',
  };
}

/**
 * Loads a channel and opens its port with its config; only job handlers and senders need this.
 * Every send goes through here, so this is where a disconnected channel stops sending and where
 * the channel's health learns from each send (health.ts).
 */
export async function loadChannel(
  deps: Pick<Deps, 'db' | 'secrets' | 'channels'> & HealthDeps,
  channelId: string,
  db: Db = deps.db,
): Promise<LoadedChannel | null> {
  const row = await db
    .selectFrom('channels')
    .select([
      'id',
      'account_id',
      'channel',
      'is_enabled',
      'disconnected_at',
      'deleted_at',
      'health_reason',
      ...CONFIG_COLUMNS,
    ])
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!row) return null;
  const config = configOf(deps.secrets, row);
  const connected = !row.disconnected_at && !row.deleted_at;
  return {
    id: row.id,
    accountId: row.account_id,
    provider: row.provider,
    channel: row.channel,
    isEnabled: row.is_enabled,
    state: connected ? 'connected' : 'disconnected',
    open: watched(
      deps,
      row.id,
      connected,
      !row.health_reason,
      deps.channels.open(row.provider, config),
    ),
    config,
  };
}

/** What a send on a disconnected channel meets: a permanent refusal, nothing sent. */
const disconnected = () =>
  new ProviderError(
    { code: null, title: 'Channel disconnected', message: MESSAGES.channelDisconnected },
    false,
    null,
    'permission_denied',
  );

function watched(
  deps: HealthDeps,
  channelId: string,
  connected: boolean,
  healthy: boolean,
  open: OpenChannel,
): OpenChannel {
  return {
    ...open,
    send: async (message, window) => {
      if (!connected) throw disconnected();
      try {
        const sent = await open.send(message, window);
        if (!healthy) {
          healthy = true;
          await recordSendRecovered(deps, channelId).catch((err: unknown) =>
            deps.log.error({ err, channelId }, 'channel health not cleared'),
          );
        }
        return sent;
      } catch (err) {
        if (err instanceof ProviderError) {
          if (err.kind === 'token_invalid') healthy = false;
          // The send's own outcome matters more than the record of it: never mask it.
          await recordSendFailure(deps, channelId, err).catch((e: unknown) =>
            deps.log.error({ err: e, channelId }, 'channel send error not recorded'),
          );
        }
        throw err;
      }
    },
    markRead: async (target) => {
      if (!connected) throw disconnected();
      return open.markRead(target);
    },
  };
}

/** A WhatsApp Cloud channel's config (templates live on its WABA); null for other channels. */
export function whatsappConfigOf(channel: LoadedChannel): WhatsappCloudCredentials | null {
  if (channel.provider !== 'whatsapp_cloud') return null;
  return whatsappCloudCredentialsSchema.parse(channel.config);
}

/**
 * Seals the config of every channel stored before 0045 (run at start, after migrations). A row
 * whose old columns do not make a valid config is left as it is and logged: it still opens the
 * way it did, and fails where it failed before.
 */
export async function backfillChannelConfigs(
  deps: Pick<Deps, 'db' | 'secrets' | 'channels' | 'log'>,
): Promise<number> {
  const rows = await deps.db
    .selectFrom('channels')
    .select(['id', ...CONFIG_COLUMNS])
    .where('config_sealed', 'is', null)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    try {
      const config_sealed = sealChannelConfig(
        deps.secrets,
        deps.channels.port(row.provider),
        configOf(deps.secrets, row),
      );
      const updated = await deps.db
        .updateTable('channels')
        .set({ config_sealed })
        .where('id', '=', row.id)
        .where('config_sealed', 'is', null)
        .executeTakeFirst();
      sealed += Number(updated.numUpdatedRows);
    } catch (err) {
      deps.log.warn({ err, channelId: row.id }, 'channel config not backfilled');
    }
  }
  return sealed;
}
