import { z } from 'zod';
import { channelTypeSchema } from '../channels.js';
import { tabReportSchema } from './envelope.js';

// Broadcasts

/** Outcomes of one broadcast: sent counts everything Meta accepted (delivered and read too). */
export const broadcastReportRowSchema = z.object({
  broadcastId: z.string(),
  title: z.string(),
  channel: channelTypeSchema,
  status: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
  /** Charged minus refunded for this broadcast, from the ledger. */
  cost: z.number(),
});
export type BroadcastReportRow = z.infer<typeof broadcastReportRowSchema>;

export const broadcastsTotalsSchema = z.object({
  broadcasts: z.number().int(),
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
  cost: z.number(),
});
export type BroadcastsTotals = z.infer<typeof broadcastsTotalsSchema>;

export const broadcastsReportSchema = tabReportSchema('broadcasts', broadcastsTotalsSchema, {
  series: z.array(
    z.object({
      date: z.string(),
      sent: z.number().int(),
      delivered: z.number().int(),
      read: z.number().int(),
      failed: z.number().int(),
      replied: z.number().int(),
      cost: z.number(),
    }),
  ),
  rows: z.array(broadcastReportRowSchema),
});
export type BroadcastsReport = z.infer<typeof broadcastsReportSchema>;
