import { z } from 'zod';

/**
 * A duration metric: how many, mean, median and 90th percentile in seconds, and the same for the
 * part of each duration inside the account's working hours. Medians and p90 come from
 * fixed buckets (1 s up to a minute, then steps of about 5 %): exact to the bucket.
 */
export const durationStatSchema = z.object({
  count: z.number().int(),
  avg: z.number().nullable(),
  median: z.number().nullable(),
  p90: z.number().nullable(),
  avgWithinHours: z.number().nullable(),
  medianWithinHours: z.number().nullable(),
  p90WithinHours: z.number().nullable(),
});
export type DurationStat = z.infer<typeof durationStatSchema>;

/** CSAT figures where a tab shows them: answers and the average rating (1–5). */
export const csatStatSchema = z.object({
  responses: z.number().int(),
  average: z.number().nullable(),
});
export type CsatStat = z.infer<typeof csatStatSchema>;

/** Right now, within the same filters: open tickets, waiting for an agent, unassigned. */
export const liveFloorSchema = z.object({
  open: z.number().int(),
  waiting: z.number().int(),
  unassigned: z.number().int(),
});
export type LiveFloor = z.infer<typeof liveFloorSchema>;
