import { z } from 'zod';
import { text } from './text.js';

/** Presence (issue 5): online while connected and not switched to away. */
export const PRESENCE_STATUSES = ['online', 'away'] as const;
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

export const setPresenceBodySchema = z.object({ status: presenceStatusSchema });
export type SetPresenceBody = z.infer<typeof setPresenceBodySchema>;

/** One user's presence: `online` is true while a socket is connected and status is 'online'. */
export const presenceSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'supervisor', 'agent']),
  status: presenceStatusSchema,
  online: z.boolean(),
  connected: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const presenceListSchema = z.object({ data: z.array(presenceSchema) });

/** Socket event (not in the spec's list): a user's presence changed. Payload: a Presence. */
export const PRESENCE_UPDATED_EVENT = 'presence.updated';

/** `GET/POST /api/settings/handover`: the routing keys of §3 as typed values. */
export const handoverSettingsSchema = z.object({
  currentAutoAssign: z.boolean(),
  isRouteDivision: z.boolean(),
  allowOfflineAssignment: z.boolean(),
  autoHandoverIfOnline: z.boolean(),
  fallbackAgent: z.uuid().nullable(),
});
export type HandoverSettings = z.infer<typeof handoverSettingsSchema>;

export const updateHandoverSettingsBodySchema = handoverSettingsSchema.partial();
export type UpdateHandoverSettingsBody = z.infer<typeof updateHandoverSettingsBodySchema>;

/** Greeting assignment: the text and the divisions the customer chooses from, in order. */
export const GREETING_TEXT_MAX = 1000;
export const GREETING_DIVISIONS_MAX = 10;

export const greetingBodySchema = z.object({
  text: text()
    .trim()
    .min(1, 'Greeting text is required')
    .max(GREETING_TEXT_MAX, `Greeting text may not be more than ${GREETING_TEXT_MAX} characters`),
  divisionIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one division')
    .max(GREETING_DIVISIONS_MAX, `A greeting lists at most ${GREETING_DIVISIONS_MAX} divisions`)
    .refine((ids) => new Set(ids).size === ids.length, 'A division is listed more than once'),
});
export type GreetingBody = z.infer<typeof greetingBodySchema>;

export const greetingSchema = z.object({
  _id: z.string(),
  text: z.string(),
  divisions: z.array(z.object({ _id: z.string(), name: z.string() })),
  updatedAt: z.string(),
});
export type Greeting = z.infer<typeof greetingSchema>;

export const greetingResponseSchema = z.object({ data: greetingSchema.nullable() });

/** What the customer receives: the text, then one numbered line per division. */
export function greetingMessageText(text: string, divisionNames: readonly string[]): string {
  return [text.trim(), '', ...divisionNames.map((name, i) => `${i + 1}. ${name}`)].join('\n');
}
