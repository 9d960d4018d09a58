import { z } from 'zod';
import { text } from './text.js';
import { channelTypeSchema } from './channels.js';
import { MESSAGES } from './messages.js';

/**
 * Customer satisfaction (issue 18 §4): with `bo.isCsat` on, resolving a ticket sends the customer
 * one survey. Inside the reply window it is a choice of five ratings in the chat; outside it, on
 * WhatsApp, an approved template carries a link to the public survey page `/csat/{token}`.
 */
export const CSAT_RATINGS = [1, 2, 3, 4, 5] as const;
export type CsatRating = (typeof CSAT_RATINGS)[number];

/** A survey can be answered for this long after it was sent (Chatwoot locks after 14 days too). */
export const CSAT_EXPIRY_DAYS = 14;
/** After a rating in the chat, the customer's next text within this many minutes is its comment. */
export const CSAT_COMMENT_MINUTES = 10;
export const CSAT_COMMENT_MAX = 1000;

/**
 * The name an approved WhatsApp template must have to carry the survey link outside the window:
 * a Utility template whose body has one parameter, {{1}}, which Sapa fills with the link.
 */
export const CSAT_TEMPLATE_NAME = 'csat_survey';

export const CSAT_VIAS = ['interactive', 'link', 'template'] as const;
export type CsatVia = (typeof CSAT_VIAS)[number];
export const CSAT_STATUSES = ['sent', 'skipped', 'answered', 'expired'] as const;
export type CsatStatus = (typeof CSAT_STATUSES)[number];

/** Why a survey was not sent; each is written on the conversation as a note. */
export const CSAT_SKIP_REASONS = [
  /** WhatsApp after 24 hours, and no approved `csat_survey` template on the number. */
  'window_closed_no_template',
  /** Messenger or Instagram after 24 hours: Meta's human-agent tag is for people, not surveys. */
  'window_closed',
  'chat_blocked',
  'channel_unavailable',
  /** Balance below the minimum, plan expired or account suspended (the rule for every send). */
  'sending_refused',
] as const;
export type CsatSkipReason = (typeof CSAT_SKIP_REASONS)[number];

/** The English note each skip writes on the conversation (the web says it in the agent's language). */
export const CSAT_SKIP_NOTES: Record<CsatSkipReason, string> = {
  window_closed_no_template:
    'Survey not sent: the 24-hour window had closed and no approved survey template exists',
  window_closed:
    "Survey not sent: the 24-hour window had closed, and Meta's human agent tag is not for automatic surveys",
  chat_blocked: 'Survey not sent: the customer is blocked',
  channel_unavailable: 'Survey not sent: the channel of this chat is disconnected or disabled',
  sending_refused:
    'Survey not sent: the account may not send messages now (balance, plan or suspension)',
};

const REPLY_PREFIX = 'csat:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id a rating's button (or list row, or quick reply) carries: `csat:<survey id>:<rating>`. */
export function csatReplyId(surveyId: string, rating: CsatRating): string {
  return `${REPLY_PREFIX}${surveyId}:${rating}`;
}

/** The survey and rating a customer's tap names, or null when the id is not a survey's. */
export function parseCsatReply(id: unknown): { surveyId: string; rating: CsatRating } | null {
  if (typeof id !== 'string' || !id.startsWith(REPLY_PREFIX)) return null;
  const [surveyId, rating, ...rest] = id.slice(REPLY_PREFIX.length).split(':');
  if (rest.length || !surveyId || !UUID.test(surveyId)) return null;
  const n = Number(rating);
  return (CSAT_RATINGS as readonly number[]).includes(n)
    ? { surveyId: surveyId.toLowerCase(), rating: n as CsatRating }
    : null;
}

/**
 * The survey link with its token hidden, for Sapa's own screens: the customer's message carries
 * the whole link, but an agent who sees it should not be one click from answering for them.
 */
export function maskSurveyLinks(text: string): string {
  return text.replace(/\/csat\/[A-Za-z0-9_-]{43}/g, '/csat/…');
}

/** What a stored message says about the survey, in `payload.csat`. */
export const csatMessagePayloadSchema = z.discriminatedUnion('kind', [
  /** The survey itself, as sent to the customer. */
  z.object({ kind: z.literal('survey'), surveyId: z.string(), via: z.enum(CSAT_VIAS) }),
  /** The answer, as a card in the conversation; `comment` is added when it arrives. */
  z.object({
    kind: z.literal('answer'),
    surveyId: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    source: z.enum(['chat', 'page']),
  }),
  /** Sapa's follow-up in the chat: asking for a comment, or thanking for it. */
  z.object({ kind: z.enum(['comment_prompt', 'thanks']), surveyId: z.string() }),
  z.object({ kind: z.literal('skipped'), surveyId: z.string(), reason: z.enum(CSAT_SKIP_REASONS) }),
]);
export type CsatMessagePayload = z.infer<typeof csatMessagePayloadSchema>;

export function csatPayloadOf(payload: Record<string, unknown>): CsatMessagePayload | null {
  const parsed = csatMessagePayloadSchema.safeParse(payload.csat);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// The public survey page (no sign-in): `GET|POST /api/public/csat/:token`.

/** 32 random bytes, base64url: 43 characters. */
export const csatTokenParamsSchema = z.object({
  token: text().regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.csatNotFound),
});

export const csatAnswerBodySchema = z.object({
  rating: z
    .number()
    .int()
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  comment: text()
    .trim()
    .max(CSAT_COMMENT_MAX, `A comment is at most ${CSAT_COMMENT_MAX} characters`)
    .optional(),
});
export type CsatAnswerBody = z.infer<typeof csatAnswerBodySchema>;

export const publicCsatSchema = z.object({
  status: z.enum(['open', 'answered', 'expired']),
  /** The language the survey was sent in; the page starts in it. */
  language: z.enum(['en', 'id']),
  /** The business asking (the account's name). */
  business: z.string(),
  channel: channelTypeSchema,
  expiresAt: z.string(),
  rating: z.number().int().min(1).max(5).nullable(),
  comment: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type PublicCsat = z.infer<typeof publicCsatSchema>;
