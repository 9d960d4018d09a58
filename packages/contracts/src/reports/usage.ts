import { z } from 'zod';
import { text } from '../text.js';
import { reportDay } from './day.js';
import { REPORT_MESSAGES, reportRangeSchema } from './query.js';

// Usage (spec §7 reports/daily/usage, reports/weekly/usage, reports/usage)

/** Money that left the balance for usage, by what it paid for (refunds already subtracted). */
export const usageCostSchema = z.object({
  userInitiated: z.number(),
  businessInitiated: z.number(),
  broadcast: z.number(),
  activeContacts: z.number(),
  /** The sum of the above: what the ledger's charges and refunds add up to. */
  total: z.number(),
  /** The PPN share of `total` (PPN is paid on the top-up; usage is charged at plain prices). */
  ppn: z.number(),
  totalWithPpn: z.number(),
});
export type UsageCost = z.infer<typeof usageCostSchema>;

export const usageDaySchema = z.object({
  date: z.string(),
  /** Conversations by who opened them: the customer, or the business (a template or broadcast). */
  conversations: z.object({ customer: z.number().int(), business: z.number().int() }),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  /** Contacts that became active that day (their first message of the calendar month). */
  newActiveContacts: z.number().int(),
  cost: usageCostSchema,
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageReportSchema = z.object({
  range: reportRangeSchema,
  days: z.array(usageDaySchema),
  totals: z.object({
    conversations: z.object({ customer: z.number().int(), business: z.number().int() }),
    messagesIn: z.number().int(),
    messagesOut: z.number().int(),
    /** Monthly active contacts of each calendar month the range touches. */
    activeContacts: z.array(z.object({ month: z.string(), contacts: z.number().int() })),
    cost: usageCostSchema,
  }),
  /** The ledger's own sums for the range (charges, refunds), to check `totals.cost.total` against. */
  ledger: z.object({ charges: z.number(), refunds: z.number(), net: z.number() }),
  /** The account's effective PPN rate (bo.ppn). */
  ppnRate: z.number(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

export const usageDailyQuerySchema = z.object({ date: reportDay });
export const usageWeeklyQuerySchema = z.object({
  /** ISO week, Monday first: 2026-W05. */
  week: text().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, REPORT_MESSAGES.invalidWeek),
});
export const usageRangeQuerySchema = z.object({ from: reportDay, to: reportDay });

export const usageTabReportSchema = usageReportSchema.extend({
  tab: z.literal('usage'),
  previous: reportRangeSchema.nullable(),
  previousTotals: usageReportSchema.shape.totals.nullable(),
});
export type UsageTabReport = z.infer<typeof usageTabReportSchema>;
