import { z } from 'zod';
import { text } from './text.js';
import { channelTypeSchema } from './channels.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { queryBoolean, rowIdText } from './fields.js';

export const CHAT_FLAGS = ['gray', 'red', 'green'] as const;
export const chatFlagSchema = z.enum(CHAT_FLAGS);

export const MESSAGE_TYPES = [
  'text',
  'image',
  'document',
  'video',
  'audio',
  'location',
  'contacts',
  'listButton',
  'button',
  'information',
  'urlButton',
] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

export const MESSAGE_STATUSES = [
  'queue',
  'expired',
  'sent',
  'delivered',
  'undelivered',
  'read',
  'failed',
  'no-match-template',
  'delayed',
  'cancelled',
  'received',
] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** Chat as the spec (§3) names it. */
export const chatSchema = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  channel: channelTypeSchema,
  channelId: z.string(),
  contactId: z.string(),
  /** The contact's picture (`GET /api/contacts/{contactId}/picture`), only when there is one. */
  pictureUrl: z.string().optional(),
  agentId: z.string().nullable(),
  agent: z.object({ _id: z.string(), name: z.string() }).nullable(),
  divisionId: z.array(z.string()),
  flag: chatFlagSchema,
  unreadCount: z.number(),
  lastMessage: z.string(),
  lastMessageType: z.string().nullable(),
  lastUpdate: z.string(),
  updateAt: z.string(),
  initiateAt: z.string().nullable(),
  isArchive: z.boolean(),
  isFlow: z.boolean(),
  label: z.array(z.string()),
  blocked: z.boolean(),
  isOut: z.boolean(),
});
export type Chat = z.infer<typeof chatSchema>;

export const messageSchema = z.object({
  _id: z.string(),
  generatedId: z.string().nullable(),
  chatId: z.string(),
  msgType: messageTypeSchema,
  text: z.string(),
  createdAt: z.string(),
  /** Calendar day (YYYY-MM-DD, UTC) for date separators. */
  date: z.string(),
  /** Provider time, Unix milliseconds. */
  timestamp: z.number(),
  status: messageStatusSchema,
  fromMe: z.boolean(),
  contacts: z.array(z.record(z.string(), z.unknown())),
  attachmentName: z.string().nullable(),
  channel: channelTypeSchema,
  to: z.string(),
  username: z.string(),
  isSystem: z.boolean(),
  mediaUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  providerMessageId: z.string().nullable(),
  error: z.object({ code: z.number().nullable(), message: z.string() }).nullable(),
  /** The message this one replies to, when we have it. */
  replyTo: z
    .object({ _id: z.string(), text: z.string(), msgType: z.string(), fromMe: z.boolean() })
    .nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const chatPageQuerySchema = z.object({
  perpage: z.coerce.number().int().min(1).max(LIMITS.chatPageSearch).default(LIMITS.chatPageFirst),
  startKey: text().max(200).optional(),
  searchText: text().trim().max(200).optional(),
  assignee: z.enum(['ALL', 'MINE', 'UNASSIGNED']).optional(),
  isArchive: queryBoolean.optional(),
  unread: queryBoolean.optional(),
  channel: text().optional(),
  label: text().optional(),
  flag: chatFlagSchema.optional(),
  resolved: queryBoolean.optional(),
});
export const chatPageSchema = z.object({
  data: z.array(chatSchema),
  nextKey: z.string().nullable(),
});

export const messagePageQuerySchema = z.object({
  chatId: z.uuid().optional(),
  startKey: text().max(40).optional(),
  perpage: z.coerce.number().int().min(1).max(100).default(LIMITS.messagePageFirst),
  includeMsgInfo: queryBoolean.optional(),
  searchText: text().trim().max(200).optional(),
  /**
   * `older` (default): the page before startKey, exclusive. `newer`: the page after startKey,
   * exclusive, used after jumping to a search hit. With `newer` the answer's nextKey continues
   * towards the present and is null once the newest message is included.
   */
  direction: z.enum(['older', 'newer']).default('older'),
});
export const messagePageSchema = z.object({
  data: z.array(messageSchema),
  nextKey: z.string().nullable(),
  /** With searchText: the chats the hits belong to, so results can show whose message it is. */
  chats: z.array(chatSchema).optional(),
});

/** `/api/messages/:id` and its media (an id too long to exist is the service's 404). */
export const messageIdParamsSchema = z.object({
  id: text().regex(/^\d+$/, MESSAGES.messageNotFound),
});

/** Body of `new.message.out` and `POST /messages`. */
export const sendMessageBodySchema = z
  .object({
    chatId: z.uuid({ error: 'The chat id is not valid' }),
    text: text().max(4096, 'The message may not be more than 4096 characters').default(''),
    generatedId: text().max(64).optional(),
    replyTo: rowIdText('replyTo').optional(),
    attachment: z.object({ mediaId: z.uuid() }).optional(),
  })
  .refine((b) => b.text.trim().length > 0 || b.attachment, {
    message: 'The message field is required',
    path: ['text'],
  });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const uploadedMediaSchema = z.object({
  _id: z.string(),
  mimeType: z.string(),
  size: z.number(),
  filename: z.string().nullable(),
  kind: z.enum(['image', 'video', 'document']),
});

/**
 * A question with choices to tap, as a stored outgoing message keeps it (`payload.choices`;
 * the message's text is the question): the send job sends it as the channel's buttons, list or
 * quick replies, and the conversation draws it.
 */
export const messageChoicesSchema = z.object({
  menuLabel: z.string(),
  items: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string().nullable().optional(),
      }),
    )
    .min(1),
});
export type MessageChoices = z.infer<typeof messageChoicesSchema>;

export function messageChoicesOf(payload: Record<string, unknown>): MessageChoices | null {
  const parsed = messageChoicesSchema.safeParse(payload.choices);
  return parsed.success ? parsed.data : null;
}
