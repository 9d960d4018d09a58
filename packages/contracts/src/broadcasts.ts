import { z } from 'zod';
import { text } from './text.js';
import { rowIdText } from './fields.js';

/**
 * Broadcasts (spec §2, §3 Broadcast, §7 broadcasts, broadcastrecipients). The lead wrote the
 * shared enums and the progress event; the API's request and answer shapes follow below them.
 */
export const BROADCAST_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'paused',
  'completed',
  'cancelled',
] as const;
export const broadcastStatusSchema = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof broadcastStatusSchema>;

/** Per-recipient statuses: the spec's message statuses (§3) plus 'sending' while in flight. */
export const RECIPIENT_STATUSES = [
  'queue',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'no-match-template',
  'delayed',
  'cancelled',
  'expired',
  'undelivered',
] as const;
export const recipientStatusSchema = z.enum(RECIPIENT_STATUSES);
export type RecipientStatus = z.infer<typeof recipientStatusSchema>;

/** How many recipients are in each status, plus replies (customers who answered). */
export const broadcastCountsSchema = z.object({
  total: z.number(),
  byStatus: z.record(recipientStatusSchema, z.number()),
  replied: z.number(),
});
export type BroadcastCounts = z.infer<typeof broadcastCountsSchema>;

/** Socket event `broadcast.progress`: sent to the account's managers and the creator. */
export const BROADCAST_PROGRESS_EVENT = 'broadcast.progress';
export const broadcastProgressEventSchema = z.object({
  broadcastId: z.string(),
  status: broadcastStatusSchema,
  counts: broadcastCountsSchema,
  /** Why a running broadcast stopped by itself (e.g. 'Insufficient Balance'). */
  reason: z.string().nullable(),
});
export type BroadcastProgressEvent = z.infer<typeof broadcastProgressEventSchema>;

// ---------- API shapes (B1): limits, reasons, requests and answers ----------

export const BROADCAST_LIMITS = {
  titleMax: 60,
  /** An uploaded recipient file (CSV or XLSX); 200,000 short rows fit easily. */
  fileBytes: 20 * 1024 * 1024,
  /** Pasted text travels as JSON; the same ceiling as a file. */
  pasteChars: 20 * 1024 * 1024,
  maxRows: 200_000,
  /** How many refused rows the check answer shows; the full list is a download. */
  invalidSample: 20,
  /** An unconfirmed check (draft) is kept this long for its confirmation. */
  draftHours: 24,
  perpageMax: 200,
} as const;

/**
 * Why the recipient data as a whole is refused (400). Spec §5: "Recipient data: lowercase phone
 * column, no trailing spaces".
 */
export const BROADCAST_MESSAGES = {
  noData: 'Enter or upload the recipient data',
  noPhoneColumn: 'The recipient data needs a phone column',
  phoneColumnLowercase: 'The phone column must be written in lowercase: phone',
  missingColumn: 'The recipient data needs a {column} column',
  tooManyRows: 'The recipient data may not have more than {max} rows',
  fileTooLarge: 'The file may not be larger than 20 MB',
  overLimit: 'A broadcast may have at most {max} recipients',
  noValidRecipients: 'There is no valid recipient',
  groupsRequired: 'Choose at least one contact group',
  groupFieldRequired: 'Choose which contact field fills {column}',
  groupNotFound: 'Contact group not found',
  templateNotFound: 'Template not found',
  templateNotAccepted: 'Only accepted templates can be broadcast',
  templateOtherChannel: 'This template belongs to another channel',
  linkedNumber:
    'Broadcasts go out through the WhatsApp Cloud API. A number linked by QR code is not offered: sending in bulk gets linked numbers banned.',
  channelNotFound: 'Channel not found',
  broadcastNotFound: 'Broadcast not found',
  draftExpired: 'The recipient check has expired. Check the recipients again.',
  scheduleInPast: 'The start time must be in the future',
  mediaRequired: 'Add the header {type} this template needs',
  mediaWrongType:
    'This file cannot be the header {type}: images must be JPG or PNG, videos MP4 or OGG',
  mediaNotFound: 'The uploaded file was not found. Upload it again.',
  mediaHttps: 'The media link must be an https link',
  mediaNotNeeded: "This template's header takes no media",
  cannotPause: 'Only a scheduled or running broadcast can be paused',
  cannotResume: 'Only a paused broadcast can be resumed',
  cannotCancel: 'A finished broadcast cannot be cancelled',
} as const;

/** Why one row of the recipient data is refused; shown in the check and the download. */
export const RECIPIENT_REASONS = {
  phoneEmpty: 'The phone number is empty',
  phoneInvalid: 'Invalid phone number',
  duplicate: 'Duplicate phone number (same as row {row})',
  valueEmpty: 'The {column} value is empty',
  trailingSpaces: 'The {column} value has trailing spaces',
} as const;

/** `{name}` placeholders of the messages above. */
export function fillBroadcastMessage(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, k: string) =>
    vars[k] === undefined ? whole : String(vars[k]),
  );
}

const uuid = z.uuid({ error: 'Invalid id' });

/**
 * Where a broadcast's recipients come from. A file travels as multipart (`file` plus the other
 * fields as form fields, `source` = "file"). Groups: members' phones; a template with parameters
 * fills each recipient column from a contact field (`name` or `attribute:<key>`) in `fields`.
 */
export const recipientSourceSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: text().max(BROADCAST_LIMITS.pasteChars),
  }),
  z.object({
    type: z.literal('groups'),
    groupIds: z.array(uuid).max(50),
    fields: z.record(text(), text().max(200)).default({}),
  }),
]);
export type RecipientSource = z.infer<typeof recipientSourceSchema>;

/** `POST /api/broadcasts/recipients/check` (JSON; multipart for a file). */
export const recipientCheckBodySchema = z.object({
  templateId: uuid,
  /** The title so far, kept on the draft (optional: step 1 may still change it). */
  title: text().trim().max(BROADCAST_LIMITS.titleMax).optional(),
  /** A previous check of this wizard, replaced by this one ('Check Now'). */
  draftId: uuid.optional(),
  source: recipientSourceSchema,
});
export type RecipientCheckBody = z.infer<typeof recipientCheckBodySchema>;

/** Multipart form fields next to `file`. */
export const recipientCheckFormSchema = z.object({
  templateId: uuid,
  title: text().trim().max(BROADCAST_LIMITS.titleMax).optional(),
  draftId: uuid.optional(),
});

export const rejectedRowSchema = z.object({
  row: z.number(),
  reason: z.string(),
  values: z.record(z.string(), z.string()),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

export const recipientValuesSchema = z.object({
  phone: z.string(),
  params: z.array(z.string()),
  header: z.string().nullable(),
});
export type RecipientValues = z.infer<typeof recipientValuesSchema>;

/**
 * Cost of sending: valid recipients × the business-initiated price. Plain prices: PPN was paid
 * once, on the top-up, and is not charged again on usage.
 */
export const broadcastCostSchema = z.object({
  /** One message, no PPN on top. */
  pricePerMessage: z.number(),
  estimatedCost: z.number(),
  balance: z.number(),
  minimumBalance: z.number(),
  sufficient: z.boolean(),
});
export type BroadcastCost = z.infer<typeof broadcastCostSchema>;

export const recipientCheckResultSchema = z.object({
  /** Confirm with this id (`POST /api/broadcasts`); the rows are not parsed twice. */
  draftId: z.string(),
  columns: z.array(z.string()),
  totalRows: z.number(),
  validCount: z.number(),
  invalidCount: z.number(),
  /** The first valid recipient, for the preview. */
  first: recipientValuesSchema.nullable(),
  invalidSample: z.array(rejectedRowSchema),
  /** `bo.broadcast_limit`: most recipients one broadcast may have. */
  limit: z.number().nullable(),
  cost: broadcastCostSchema,
});
export type RecipientCheckResult = z.infer<typeof recipientCheckResultSchema>;

export const headerMediaInputSchema = z.union([
  z.object({ mediaId: uuid }),
  z.object({ link: text().trim().max(2000) }),
]);
export type HeaderMediaInput = z.infer<typeof headerMediaInputSchema>;

/** `POST /api/broadcasts` (step 3 confirm). */
export const broadcastCreateBodySchema = z.object({
  title: requiredTitle(),
  channelId: uuid,
  templateId: uuid,
  draftId: uuid,
  headerMedia: headerMediaInputSchema.nullable().default(null),
  /** ISO time; absent or null sends now. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
  selfAssign: z.boolean().default(false),
});
export type BroadcastCreateBody = z.infer<typeof broadcastCreateBodySchema>;

function requiredTitle() {
  return text({ error: () => 'The title field is required' })
    .trim()
    .min(1, 'The title field is required')
    .max(
      BROADCAST_LIMITS.titleMax,
      `The title field may not be more than ${BROADCAST_LIMITS.titleMax} characters`,
    );
}

export const broadcastHeaderMediaSchema = z.object({
  type: z.enum(['image', 'video', 'document']),
  link: z.string().nullable(),
  mediaId: z.string().nullable(),
  filename: z.string().nullable(),
});

/** A broadcast as the API presents it. */
export const broadcastSchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: broadcastStatusSchema,
  channelId: z.string(),
  channelName: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  /** The template message (body text with its {{n}} placeholders). */
  templateContent: z.string(),
  headerMedia: broadcastHeaderMediaSchema.nullable(),
  selfAssign: z.boolean(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  totalCount: z.number(),
  invalidCount: z.number(),
  estimatedCost: z.number(),
  /** Why a paused broadcast stopped by itself (e.g. 'Insufficient Balance'). */
  pauseReason: z.string().nullable(),
  counts: broadcastCountsSchema,
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const BROADCAST_TABS = ['scheduled', 'finished'] as const;
export type BroadcastTab = (typeof BROADCAST_TABS)[number];
/** The list tabs: scheduled = not finished yet (scheduled, running, paused). */
export const BROADCAST_TAB_STATUSES: Record<BroadcastTab, readonly BroadcastStatus[]> = {
  scheduled: ['scheduled', 'running', 'paused'],
  finished: ['completed', 'cancelled'],
};

export const broadcastListQuerySchema = z.object({
  tab: z.enum(BROADCAST_TABS).default('scheduled'),
  searchText: text().trim().max(200).optional(),
  perpage: z.coerce.number().int().min(1).max(BROADCAST_LIMITS.perpageMax).default(20),
  startKey: text().max(200).optional(),
});
export type BroadcastListQuery = z.infer<typeof broadcastListQuerySchema>;
export const broadcastListSchema = z.object({
  data: z.array(broadcastSchema),
  nextKey: z.string().nullable(),
});
export type BroadcastList = z.infer<typeof broadcastListSchema>;

export const broadcastIdParamsSchema = z.object({ id: uuid });

/** One recipient's result row. */
export const broadcastRecipientSchema = z.object({
  _id: z.string(),
  row: z.number(),
  phone: z.string(),
  params: z.array(z.string()),
  header: z.string().nullable(),
  status: recipientStatusSchema,
  /** Why it failed or was delayed (Meta's error), null otherwise. */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const broadcastRecipientsQuerySchema = z.object({
  broadcastId: uuid,
  status: recipientStatusSchema.optional(),
  /** 'replied': recipients who answered. */
  replied: z.enum(['true', 'false']).optional(),
  searchText: text().trim().max(50).optional(),
  perpage: z.coerce.number().int().min(1).max(BROADCAST_LIMITS.perpageMax).default(50),
  startKey: rowIdText('startKey').optional(),
});
export type BroadcastRecipientsQuery = z.infer<typeof broadcastRecipientsQuerySchema>;
export const broadcastRecipientListSchema = z.object({
  data: z.array(broadcastRecipientSchema),
  nextKey: z.string().nullable(),
});
export type BroadcastRecipientList = z.infer<typeof broadcastRecipientListSchema>;

export const broadcastStatusQuerySchema = z.object({ broadcastId: uuid });

export const broadcastExampleQuerySchema = z.object({ templateId: uuid });
