import type { Service } from '@sapa/contracts';
import type { ChannelType } from '../../db/schema-messaging.js';

export interface ChannelRow {
  id: string;
  name: string;
  channel: ChannelType;
  provider: string;
  is_enabled: boolean;
  external_id: string;
  display_phone_number: string | null;
  waba_id: string | null;
  access_token_sealed: string | null;
  config_sealed: string | null;
  page_id: string | null;
  human_agent_replies: boolean;
  broadcast_rate: number;
  created_at: Date;
}

/** Messenger and Instagram: Meta's page channels (Send API, 24 h + HUMAN_AGENT window). */
export const isPageChannel = (channel: ChannelType): channel is 'messenger' | 'instagram' =>
  channel === 'messenger' || channel === 'instagram';

/** A channel for the client: the access token never leaves the server. */
export function presentService(row: ChannelRow): Service {
  return {
    _id: row.id,
    name: row.name,
    channel: row.channel,
    provider: row.provider,
    isEnable: row.is_enabled,
    externalId: row.external_id,
    displayPhoneNumber: row.display_phone_number,
    wabaId: row.waba_id,
    hasAccessToken: Boolean(row.config_sealed ?? row.access_token_sealed),
    pageId: row.page_id,
    instagramAccountId: row.channel === 'instagram' ? row.external_id : null,
    humanAgentReplies: isPageChannel(row.channel) ? row.human_agent_replies : null,
    broadcastRate: row.broadcast_rate,
    createdAt: row.created_at.toISOString(),
  };
}
