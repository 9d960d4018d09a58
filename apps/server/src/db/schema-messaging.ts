import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0010_messaging.sql. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type ChannelType = 'whatsapp' | 'instagram' | 'messenger' | 'whatsapp_basic';
export type ProviderType = 'whatsapp_cloud' | 'instagram' | 'messenger' | 'whatsapp_basic';
export type ChatFlag = 'gray' | 'red' | 'green';
export type StoredMessageStatus =
  | 'queue'
  | 'expired'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'read'
  | 'failed'
  | 'no-match-template'
  | 'delayed'
  | 'cancelled'
  | 'received';

export interface ChannelsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  channel: ChannelType;
  provider: ProviderType;
  external_id: string;
  display_phone_number: string | null;
  waba_id: string | null;
  /** No longer written (0045): the token lives in config_sealed; read only for rows not backfilled. */
  access_token_sealed: string | null;
  /** Migration 0045: the adapter's whole config, sealed (modules/channels/config.ts). */
  config_sealed: string | null;
  /** Migration 0048: the Facebook Page of a Messenger or Instagram channel. */
  page_id: string | null;
  /** Migration 0048: HUMAN_AGENT replies after 24 h (Messenger, Instagram); on by default. */
  human_agent_replies: Generated<boolean>;
  /** Migration 0070: a linked number's group chats reach the inbox (off by default). */
  include_groups: Generated<boolean>;
  is_enabled: Generated<boolean>;
  /** Migration 0023: messages per second for this channel's broadcasts (1–1,000, default 80). */
  broadcast_rate: Generated<number>;
  /** Migration 0046: neither sends nor receives until reconnected; history kept. */
  disconnected_at: NullableTimestamp;
  /** Migration 0046: removed by an admin; kept so its chats stay readable; holds no limit or id. */
  deleted_at: NullableTimestamp;
  /** Migration 0046: why the channel needs attention; null when healthy. */
  health_reason: string | null;
  health_changed_at: NullableTimestamp;
  last_webhook_at: NullableTimestamp;
  last_send_error_at: NullableTimestamp;
  last_send_error: string | null;
  token_checked_at: NullableTimestamp;
  token_valid: boolean | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactsTable {
  id: Generated<string>;
  account_id: string;
  name: Generated<string>;
  phone: string | null;
  email: string | null;
  notes: Generated<string>;
  attributes: Json<Record<string, unknown>>;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  /** Generated (migration 0016): lower(name), phone, lower(email). */
  search_text: ColumnType<string, never, never>;
  archived_at: NullableTimestamp;
  /** Migration 0047: contacts merged as one person share it; null for a contact alone. */
  person_id: string | null;
  /** Migration 0048: the Messenger/Instagram profile picture, stored (Meta's URL expires). */
  picture_media_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0048: when Meta's profile API was asked (once per contact). */
  profile_fetched_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatsTable {
  id: Generated<string>;
  account_id: string;
  channel_id: string;
  contact_id: string;
  channel: ChannelType;
  identifier: string;
  name: Generated<string>;
  agent_id: string | null;
  division_ids: ColumnType<string[], string[] | undefined, string[]>;
  flag: Generated<ChatFlag>;
  unread_count: Generated<number>;
  last_message_text: Generated<string>;
  last_message_type: string | null;
  last_message_from_me: Generated<boolean>;
  last_update: Timestamp;
  initiate_at: NullableTimestamp;
  is_archive: Generated<boolean>;
  is_flow: Generated<boolean>;
  labels: ColumnType<string[], string[] | undefined, string[]>;
  blocked: Generated<boolean>;
  is_out: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated (migration 0015): lower(name) || chr(1) || lower(identifier), for chat search. */
  search_text: ColumnType<string, never, never>;
}

export interface MediaTable {
  id: Generated<string>;
  account_id: string;
  storage_key: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  filename: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: ColumnType<number, never, never>;
  account_id: string;
  chat_id: string;
  channel_id: string;
  provider_message_id: string | null;
  generated_id: string | null;
  msg_type: string;
  text: Generated<string>;
  payload: Json<Record<string, unknown>>;
  attachment_name: string | null;
  media_id: string | null;
  status: StoredMessageStatus;
  error: Json<Record<string, unknown> | null> | null;
  from_me: boolean;
  sender_id: string | null;
  /** migrations/0058: the API key that sent it (no sender user then). */
  api_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  is_system: Generated<boolean>;
  reply_to_provider_id: string | null;
  media_pending: ColumnType<boolean, boolean | undefined, boolean>;
  /** migrations/0075: when a send job took the queued message (null: not taken). */
  send_claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  sent_at: Timestamp;
}

export interface PendingStatusesTable {
  channel_id: string;
  provider_message_id: string;
  status: string;
  error: Json<Record<string, unknown> | null> | null;
  received_at: Timestamp;
}

export interface LabelsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  color: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TicketsTable {
  id: Generated<string>;
  account_id: string;
  chat_id: string;
  agent_id: string | null;
  resolved_by: string | null;
  open_at: Timestamp;
  answer_at: NullableTimestamp;
  close_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface QuickRepliesTable {
  id: Generated<string>;
  account_id: string;
  shortcut: string;
  text: Generated<string>;
  media_id: string | null;
  division_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagingTables {
  labels: LabelsTable;
  tickets: TicketsTable;
  quick_replies: QuickRepliesTable;
  channels: ChannelsTable;
  contacts: ContactsTable;
  chats: ChatsTable;
  media: MediaTable;
  messages: MessagesTable;
  pending_statuses: PendingStatusesTable;
  linked_send_claims: LinkedSendClaimsTable;
  linked_identities: LinkedIdentitiesTable;
  linked_reads: LinkedReadsTable;
}

/** Migration 0071: a linked number's chat read by an agent, for the owner to tell WhatsApp. */
export interface LinkedReadsTable {
  chat_id: string;
  channel_id: string;
  customer: string;
  provider_message_id: string;
  queued_at: Timestamp;
}

/** Migration 0070: a queued message the owner of a linked number took to send. */
export interface LinkedSendClaimsTable {
  message_id: number;
  channel_id: string;
  state: 'sending' | 'retry';
  attempts: Generated<number>;
  claimed_at: Timestamp;
  retry_at: NullableTimestamp;
  /** Migration 0073: the lease epoch of the process that took the claim (null before it). */
  epoch: number | null;
}

/** Migration 0070: an `@lid` customer of a linked number and the phone it maps to. */
export interface LinkedIdentitiesTable {
  channel_id: string;
  lid: string;
  phone: string;
  mapped_at: Timestamp;
}
