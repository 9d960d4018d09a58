import { z } from 'zod';
import { reportRangeSchema } from './query.js';

// CSAT (bo.isCsat)

export const csatReportSchema = z.object({
  tab: z.literal('csat'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  totals: z.object({
    responses: z.number().int(),
    /** Surveys sent in the range (not those skipped); null only from servers that did not count them. */
    surveysSent: z.number().int().nullable(),
    /** Of the surveys sent in the range, the share answered (0–1, whenever answered); null with none sent. */
    responseRate: z.number().nullable(),
    average: z.number().nullable(),
    /** Answers per rating, 1 to 5. */
    distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  }),
  previousTotals: z
    .object({
      responses: z.number().int(),
      average: z.number().nullable(),
      surveysSent: z.number().int().nullable(),
      responseRate: z.number().nullable(),
    })
    .nullable(),
  series: z.array(
    z.object({
      date: z.string(),
      responses: z.number().int(),
      average: z.number().nullable(),
    }),
  ),
  rows: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      responses: z.number().int(),
      average: z.number().nullable(),
      /** This agent's surveys sent in the range, and the share of them answered (as the totals). */
      surveysSent: z.number().int().optional(),
      responseRate: z.number().nullable().optional(),
    }),
  ),
  /** The newest comments in the range (at most 50). */
  comments: z.array(
    z.object({
      surveyId: z.string(),
      ticketId: z.string(),
      chatId: z.string(),
      agent: z.object({ _id: z.string(), name: z.string() }).nullable(),
      rating: z.number().int(),
      comment: z.string(),
      answeredAt: z.string(),
    }),
  ),
});
export type CsatReport = z.infer<typeof csatReportSchema>;
