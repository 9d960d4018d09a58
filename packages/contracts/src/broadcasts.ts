import { z } from 'zod';

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
