import { z } from 'zod';
import { reportRangeSchema, type ReportTab } from './query.js';

/**
 * The envelope of a tab's answer: which tab, the range and the one compared with it, and the
 * totals of both (the previous ones null without a comparison); `shape` adds the tab's own parts.
 */
export function tabReportSchema<
  Tab extends ReportTab,
  Totals extends z.ZodType,
  Shape extends z.ZodRawShape,
>(tab: Tab, totals: Totals, shape: Shape) {
  return z.object({
    tab: z.literal(tab),
    range: reportRangeSchema,
    previous: reportRangeSchema.nullable(),
    totals,
    previousTotals: totals.nullable(),
    ...shape,
  });
}
