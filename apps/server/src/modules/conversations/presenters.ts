import {
  groupSenderOf,
  type Chat,
  type Message,
  type MessageStatus,
  type MessageType,
} from '@sapa/contracts';
import type { ChannelType } from '../../db/schema-messaging.js';

export interface ChatRow {
  id: string;
  account_id: string;
  channel_id: string;
  contact_id: string;
  /** The contact's picture in Sapa's storage (Meta's profile picture), if it has one. */
  contact_picture_id: string | null;
  channel: ChannelType;
  identifier: string;
  name: string;
  agent_id: string | null;
  agent_name: string | null;
  division_ids: string[];
  agent_division_ids: string[];
  flag: Chat['flag'];
  unread_count: number;
  last_message_text: string;
  last_message_type: string | null;
  last_update: Date;
  updated_at: Date;
  initiate_at: Date | null;
  is_archive: boolean;
  is_flow: boolean;
  labels: string[];
  blocked: boolean;
  is_out: boolean;
}

/**
 * Where a contact's picture is served. The media id names the version: a new picture is a new
 * URL, so browsers may keep the old one cached as long as they like.
 */
export function contactPictureUrl(contactId: string, pictureId: string): string {
  return `/api/contacts/${contactId}/picture?v=${pictureId}`;
}

export function presentChat(row: ChatRow): Chat {
  return {
    _id: row.id,
    name: row.name || row.identifier,
    identifier: row.identifier,
    channel: row.channel,
    channelId: row.channel_id,
    contactId: row.contact_id,
    ...(row.contact_picture_id
      ? { pictureUrl: contactPictureUrl(row.contact_id, row.contact_picture_id) }
      : {}),
    agentId: row.agent_id,
    agent: row.agent_id ? { _id: row.agent_id, name: row.agent_name ?? '' } : null,
    divisionId: row.division_ids,
    flag: row.flag,
    // Spec §4: the unread badge counts at most 1 per chat; the exact count is still useful.
    unreadCount: row.unread_count,
    lastMessage: row.last_message_text,
    lastMessageType: row.last_message_type,
    lastUpdate: row.last_update.toISOString(),
    updateAt: row.updated_at.toISOString(),
    initiateAt: row.initiate_at?.toISOString() ?? null,
    isArchive: row.is_archive,
    isFlow: row.is_flow,
    label: row.labels,
    blocked: row.blocked,
    isOut: row.is_out,
  };
}

export interface MessageRow {
  id: number;
  chat_id: string;
  provider_message_id: string | null;
  generated_id: string | null;
  msg_type: string;
  text: string;
  payload: Record<string, unknown>;
  attachment_name: string | null;
  media_id: string | null;
  media_mime: string | null;
  status: string;
  error: { code?: number | null; message?: string } | null;
  from_me: boolean;
  is_system: boolean;
  sender_name: string | null;
  created_at: Date;
  sent_at: Date;
  channel: ChannelType;
  identifier: string;
  chat_name: string;
  reply_to: { id: number | string; text: string; msg_type: string; from_me: boolean } | null;
}

export function presentMessage(row: MessageRow): Message {
  const payload = row.payload ?? {};
  const media = payload.media as { mimeType?: string } | undefined;
  const hasMedia = Boolean(row.media_id || media);
  // In a group chat the chat is the group: who wrote an inbound message is the participant.
  const participant = row.from_me ? null : groupSenderOf(payload);
  return {
    _id: String(row.id),
    generatedId: row.generated_id,
    chatId: row.chat_id,
    msgType: row.msg_type as MessageType,
    text: row.text,
    createdAt: row.created_at.toISOString(),
    date: row.sent_at.toISOString().slice(0, 10),
    timestamp: row.sent_at.getTime(),
    status: row.status as MessageStatus,
    fromMe: row.from_me,
    contacts: Array.isArray(payload.contacts)
      ? (payload.contacts as Record<string, unknown>[])
      : [],
    attachmentName: row.attachment_name,
    channel: row.channel,
    to: row.from_me ? row.identifier : '',
    username: row.from_me
      ? row.is_system
        ? 'System'
        : (row.sender_name ?? '')
      : participant
        ? participant.name || (participant.phone ? `+${participant.phone}` : participant.identifier)
        : row.chat_name || row.identifier,
    isSystem: row.is_system,
    mediaUrl: hasMedia ? `/api/messages/${row.id}/media` : null,
    mimeType: row.media_mime ?? media?.mimeType ?? null,
    payload,
    providerMessageId: row.provider_message_id,
    error: row.error
      ? { code: row.error.code ?? null, message: row.error.message ?? 'Failed' }
      : null,
    replyTo: row.reply_to
      ? {
          _id: String(row.reply_to.id),
          text: row.reply_to.text,
          msgType: row.reply_to.msg_type,
          fromMe: row.reply_to.from_me,
        }
      : null,
  };
}
