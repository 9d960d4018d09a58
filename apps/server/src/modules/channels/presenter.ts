import type { ChannelHealth, Service } from '@sapa/contracts';
import type { ChannelType } from '../../db/schema-messaging.js';

export interface ChannelRow {
  id: string;
  account_id: string;
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
  disconnected_at: Date | null;
  health_reason: string | null;
  last_webhook_at: Date | null;
  last_send_error_at: Date | null;
  last_send_error: string | null;
  token_checked_at: Date | null;
  token_valid: boolean | null;
  created_at: Date;
}

/** Messenger and Instagram: Meta's page channels (Send API, 24 h + HUMAN_AGENT window). */
export const isPageChannel = (channel: ChannelType): channel is 'messenger' | 'instagram' =>
  channel === 'messenger' || channel === 'instagram';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentHealth(row: ChannelRow): ChannelHealth {
  return {
    status: row.health_reason ? 'needs_attention' : 'ok',
    reason: row.health_reason,
    lastWebhookAt: iso(row.last_webhook_at),
    lastSendErrorAt: iso(row.last_send_error_at),
    lastSendError: row.last_send_error,
    tokenCheckedAt: iso(row.token_checked_at),
    tokenValid: row.token_valid,
  };
}

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
    state: row.disconnected_at ? 'disconnected' : 'connected',
    health: presentHealth(row),
    createdAt: row.created_at.toISOString(),
  };
}
