import { z } from 'zod';
import { WINDOW_REFUSALS, chatSchema, messageSchema, messageStatusSchema } from '@sapa/contracts';

// The payloads of the server events the web app reads (spec §7), checked before the cache is
// touched: an unreadable one makes the handlers fetch the truth instead.

export const chatMessageEvent = z.object({ chat: chatSchema, message: messageSchema });
export const messageStatusEvent = z.object({
  chatId: z.string(),
  messageId: z.string(),
  status: messageStatusSchema,
  error: z.object({ code: z.number().nullable(), message: z.string() }).optional(),
});
export const errorMessageEvent = z.object({
  chatId: z.string(),
  messageId: z.string().optional(),
  message: z.string(),
  code: z.union([z.number(), z.string()]).nullable().optional(),
});
export const readChatEvent = z.object({ chatId: z.string(), userId: z.string() });
export const isUserInitiateEvent = z.object({
  chatId: z.string(),
  value: z.boolean(),
  windowEndsAt: z.string().nullable(),
  // Issue 17: which window applies (zod would drop it unnamed, and the composer needs it).
  window: z
    .object({
      phase: z.enum(['none', 'open', 'human_agent', 'closed']),
      endsAt: z.string().nullable(),
      outsideWindow: z.enum(['templates', 'human_agent_replies']).nullable(),
      refusal: z.enum(WINDOW_REFUSALS).nullable(),
    })
    .optional(),
});
const actor = z.object({ _id: z.string(), name: z.string() }).nullable();
export const chatAssignedEvent = z.object({
  chat: chatSchema,
  previousAgentId: z.string().nullable().optional(),
  by: actor.optional(),
});
export const messageResolvedEvent = z.object({
  chat: chatSchema,
  ticketId: z.string().nullable().optional(),
  previousAgentId: z.string().nullable().optional(),
  by: actor.optional(),
});
export const chatChangedEvent = z.object({ chat: chatSchema });
export const assignResultEvent = z.object({
  chatId: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
  chat: chatSchema.optional(),
});
