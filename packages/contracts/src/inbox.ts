import { z } from 'zod';
import { text } from './text.js';
import { chatFlagSchema, chatSchema } from './chats.js';
import { channelTypeSchema } from './channels.js';
import { idField, queryBoolean, requiredString } from './fields.js';
import { validationMessage as vm } from './messages.js';

/**
 * The complete inbox (issue 4): labels, chat actions, tickets, counters and the events they
 * announce. REST bodies and socket payloads share these schemas so both paths validate alike.
 */

// ---------- Labels ----------

/** Spec §3 "label (label, color)". Colours are hex so any palette can render them. */
export const labelColorSchema = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The color must be a hex colour such as #228be6');

export const labelSchema = z.object({
  _id: z.string(),
  label: z.string(),
  color: z.string(),
  /** Chats carrying the label; null unless the list was asked `withCounts=true`. */
  chatCount: z.number().nullable(),
  createdAt: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

export const labelListQuerySchema = z.object({
  perpage: z.coerce.number().int().min(1).max(999).default(999),
  searchText: text().trim().max(60).optional(),
  withCounts: queryBoolean.default(false),
});
export const labelListSchema = z.object({ data: z.array(labelSchema), total: z.number() });

export const labelBodySchema = z.object({
  label: requiredString('label').max(60, vm.max('label', 60)),
  color: labelColorSchema,
});
export const labelUpdateBodySchema = labelBodySchema.partial();
export const labelIdParamsSchema = z.object({ id: idField });

// ---------- Chat actions ----------

export const chatRefSchema = z.object({ chatId: z.uuid({ error: 'The chat id is not valid' }) });
export type ChatRef = z.infer<typeof chatRefSchema>;

export const chatIdParamsSchema = z.object({ id: z.uuid({ error: 'No active chatroom' }) });

/**
 * Assign or reassign. `agentId: null` unassigns; `divisionId` routes the chat to a division
 * (null clears it). At least one of the two must be present.
 */
export const assignChatBodySchema = z
  .object({
    chatId: z.uuid({ error: 'The chat id is not valid' }),
    agentId: z.uuid({ error: 'The agent id is not valid' }).nullable().optional(),
    divisionId: z.uuid({ error: 'The division id is not valid' }).nullable().optional(),
  })
  .refine((b) => b.agentId !== undefined || b.divisionId !== undefined, {
    message: 'The agent field is required',
    path: ['agentId'],
  });
export type AssignChatBody = z.infer<typeof assignChatBodySchema>;

export const chatLabelsBodySchema = z.object({
  chatId: z.uuid({ error: 'The chat id is not valid' }),
  labelIds: z.array(z.uuid({ error: 'The label id is not valid' })).max(20),
});
export type ChatLabelsBody = z.infer<typeof chatLabelsBodySchema>;

export const chatFlagBodySchema = z.object({
  chatId: z.uuid({ error: 'The chat id is not valid' }),
  flag: chatFlagSchema,
});

/** Spec §7 `POST /chats/resolve-ticket {chatId, agentId}`; agentId is who resolved it. */
export const resolveTicketBodySchema = z.object({
  chatId: z.uuid({ error: 'The chat id is not valid' }),
  agentId: z.uuid({ error: 'The agent id is not valid' }).nullable().optional(),
});

/** Answer of every chat action: the chat as it now is. */
export const chatActionResultSchema = z.object({ chat: chatSchema });

/** `GET /chats/active` and `GET /chats/unread`: counters for badges and the tab title. */
export const chatCountSchema = z.object({ total: z.number() });

// ---------- Messages around a target (jump from search) ----------

export const MESSAGE_DIRECTIONS = ['older', 'newer'] as const;

// ---------- Tickets ----------

export const TICKET_STATUSES = ['open', 'closed'] as const;
export const ticketSchema = z.object({
  _id: z.string(),
  chatId: z.string(),
  name: z.string(),
  identifier: z.string(),
  channel: channelTypeSchema,
  status: z.enum(TICKET_STATUSES),
  agent: z.object({ _id: z.string(), name: z.string() }).nullable(),
  resolvedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  openAt: z.string(),
  answerAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  /** Seconds from openAt to answerAt; null until answered. */
  firstResponseSeconds: z.number().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  agentId: z.uuid().optional(),
  channel: channelTypeSchema.optional(),
  searchText: text().trim().max(200).optional(),
  /** Inclusive day range on openAt, YYYY-MM-DD in the account's time zone. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  perpage: z.coerce.number().int().min(1).max(100).default(25),
  startKey: text().max(200).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
export const ticketListSchema = z.object({
  data: z.array(ticketSchema),
  nextKey: z.string().nullable(),
});

// ---------- Socket payloads of the actions (spec §7 names) ----------

/** `chat.assigned`: to everyone who could see the chat before or can see it now. */
export interface ChatAssignedEvent {
  chat: z.infer<typeof chatSchema>;
  previousAgentId: string | null;
  by: { _id: string; name: string } | null;
}

/** `assign.chat.result`: to the user who asked, with the outcome. */
export interface AssignChatResultEvent {
  chatId: string;
  ok: boolean;
  message?: string;
  chat?: z.infer<typeof chatSchema>;
}

/** `message.resolved.created`: a ticket was resolved; the chat is now gray and unassigned. */
export interface MessageResolvedEvent {
  chat: z.infer<typeof chatSchema>;
  ticketId: string | null;
  previousAgentId: string | null;
  by: { _id: string; name: string } | null;
}

/** `chat.blocked`, `chat.archived`, `chat.unarchived`. */
export interface ChatChangedEvent {
  chat: z.infer<typeof chatSchema>;
}

/** `balance.check`. */
export interface BalanceCheckEvent {
  message: string;
  balance: number;
  minimumBalance: number;
}

// ---------- Quick replies (used by the composer's "/") ----------

export const quickReplySchema = z.object({
  _id: z.string(),
  shortcut: z.string(),
  text: z.string(),
  media: z
    .object({ _id: z.string(), mimeType: z.string(), filename: z.string().nullable() })
    .nullable(),
  /** Empty: every user of the account; otherwise only members of these divisions (and admins). */
  divisionIds: z.array(z.string()),
  createdAt: z.string(),
});
export type QuickReply = z.infer<typeof quickReplySchema>;

export const quickReplyListQuerySchema = z.object({
  searchText: text().trim().max(60).optional(),
  perpage: z.coerce.number().int().min(1).max(999).default(999),
});
export const quickReplyListSchema = z.object({ data: z.array(quickReplySchema) });

export const quickReplyBodySchema = z
  .object({
    shortcut: requiredString('shortcut')
      .max(30, vm.max('shortcut', 30))
      .regex(/^[a-z0-9_-]+$/i, 'The shortcut may only contain letters, numbers, - and _'),
    text: text().trim().max(4096, vm.max('text', 4096)).default(''),
    mediaId: z.uuid().nullable().optional(),
    divisionIds: z.array(idField).max(50).default([]),
  })
  .refine((b) => b.text.length > 0 || b.mediaId, {
    message: vm.required('text'),
    path: ['text'],
  });
export const quickReplyUpdateBodySchema = z.object({
  shortcut: requiredString('shortcut')
    .max(30, vm.max('shortcut', 30))
    .regex(/^[a-z0-9_-]+$/i, 'The shortcut may only contain letters, numbers, - and _')
    .optional(),
  text: text().trim().max(4096, vm.max('text', 4096)).optional(),
  mediaId: z.uuid().nullable().optional(),
  divisionIds: z.array(idField).max(50).optional(),
});
