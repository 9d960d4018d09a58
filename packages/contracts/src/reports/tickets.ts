import { z } from 'zod';
import { tabReportSchema } from './envelope.js';
import { durationStatSchema, liveFloorSchema } from './figures.js';

// Tickets (bo.ticket_report)

/** SLA targets an admin sets (`PUT /api/reports/targets`); the dashboard's "waiting" uses the first. */
export const reportTargetsSchema = z.object({
  /** Seconds from a ticket's open to its first human reply: 1 minute to 7 days. */
  firstResponseSeconds: z.number().int().min(60).max(604_800),
  /** Seconds from a ticket's open to its resolve: 5 minutes to 30 days. */
  resolutionSeconds: z.number().int().min(300).max(2_592_000),
});
export type ReportTargets = z.infer<typeof reportTargetsSchema>;
export const DEFAULT_REPORT_TARGETS: ReportTargets = {
  firstResponseSeconds: 15 * 60,
  resolutionSeconds: 24 * 60 * 60,
};

export const ticketsTotalsSchema = z.object({
  opened: z.number().int(),
  reopened: z.number().int(),
  answered: z.number().int(),
  resolved: z.number().int(),
  unanswered: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  /** First responses (resolutions) in the range that took longer than the target. */
  firstResponseBreaches: z.number().int(),
  resolutionBreaches: z.number().int(),
});
export type TicketsTotals = z.infer<typeof ticketsTotalsSchema>;

export const ticketsReportSchema = tabReportSchema('tickets', ticketsTotalsSchema, {
  targets: reportTargetsSchema,
  series: z.array(
    z.object({
      date: z.string(),
      opened: z.number().int(),
      answered: z.number().int(),
      resolved: z.number().int(),
      firstResponseBreaches: z.number().int(),
      resolutionBreaches: z.number().int(),
      firstResponseMedian: z.number().nullable(),
      resolutionMedian: z.number().nullable(),
    }),
  ),
  /**
   * How first responses and resolutions spread (count per band, for a bar chart): bands are
   * [0, 1 min), [1, 5 min), [5, 15 min), [15 min, 1 h), [1, 4 h), [4, 24 h), [24 h, ∞).
   */
  distribution: z.array(
    z.object({
      band: z.string(),
      firstResponse: z.number().int(),
      resolution: z.number().int(),
    }),
  ),
  live: liveFloorSchema,
});
export type TicketsReport = z.infer<typeof ticketsReportSchema>;
