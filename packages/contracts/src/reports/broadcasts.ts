import { z } from 'zod';
import { channelTypeSchema } from '../channels.js';
import { tabReportSchema } from './envelope.js';

/** Outcomes of broadcasts: sent counts everything Meta accepted (delivered and read too). */
const outcomes = {
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
  /** Charged minus refunded for the broadcasts, from the ledger. */
  cost: z.number(),
};

/** One broadcast and its outcomes. */
export const broadcastReportRowSchema = z.object({
  broadcastId: z.string(),
  title: z.string(),
  channel: channelTypeSchema,
  status: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  recipients: z.number().int(),
  ...outcomes,
});
export type BroadcastReportRow = z.infer<typeof broadcastReportRowSchema>;

export const broadcastsTotalsSchema = z.object({
  broadcasts: z.number().int(),
  recipients: z.number().int(),
  ...outcomes,
});
export type BroadcastsTotals = z.infer<typeof broadcastsTotalsSchema>;

export const broadcastsReportSchema = tabReportSchema('broadcasts', broadcastsTotalsSchema, {
  series: z.array(z.object({ date: z.string(), ...outcomes })),
  rows: z.array(broadcastReportRowSchema),
});
export type BroadcastsReport = z.infer<typeof broadcastsReportSchema>;
