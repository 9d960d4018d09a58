import { z } from 'zod';
import { channelTypeSchema } from '../channels.js';
import { queryBoolean } from '../fields.js';
import { reportDay } from './day.js';

/** The query every tab takes, its refusals, and the range an answer covers. */

export const REPORT_MESSAGES = {
  fromAfterTo: 'The from date must not be after the to date',
  rangeTooLong: 'A report covers at most 366 days',
  ticketReportOff: 'The ticket report is not enabled for this account',
  /** Spec §8 wording: the route redirect and the CSAT tab's refusal say the same. */
  csatOff: 'Customer Satisfaction feature is not enabled',
  agentNotVisible: 'You may only see the figures of agents you supervise',
  divisionNotVisible: 'You may only see the figures of your divisions',
  invalidWeek: 'The week must look like 2026-W05',
  usageManagersOnly: 'Usage and cost are for the account’s admins and supervisors',
} as const;

/** The longest range one report covers (a year, leap day included). */
export const REPORT_MAX_DAYS = 366;

export const REPORT_TABS = [
  'overview',
  'agents',
  'channels',
  'labels',
  'tickets',
  'broadcasts',
  'usage',
  'csat',
] as const;
export const reportTabSchema = z.enum(REPORT_TABS);
export type ReportTab = z.infer<typeof reportTabSchema>;

export const REPORT_GROUP_BY = ['day', 'week'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BY)[number];

/**
 * `GET /api/reports`: one tab for a range of whole days in the account's time zone, optionally
 * narrowed by channel, division, agent and label, and compared with the period of the same
 * length just before it. Agents always get their own figures whatever `agentId` says.
 */
export const reportQuerySchema = z.object({
  tab: reportTabSchema.default('overview'),
  from: reportDay,
  to: reportDay,
  groupBy: z.enum(REPORT_GROUP_BY).default('day'),
  channel: channelTypeSchema.optional(),
  divisionId: z.uuid().optional(),
  agentId: z.uuid().optional(),
  labelId: z.uuid().optional(),
  compare: queryBoolean.default(false),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/**
 * `GET /api/reports/export`: the same query as the tab, as a file. CSV and XLSX hold the tab's
 * table (rows, or the series when the tab has no rows); PDF holds the whole tab (totals, series
 * and rows). `lang` picks the PDF's and the sheet headers' language.
 */
export const reportExportQuerySchema = reportQuerySchema.extend({
  format: z.enum(REPORT_EXPORT_FORMATS),
  lang: z.enum(['en', 'id']).default('en'),
});
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** The range answered, with the account's zone; `days` counts the days in it. */
export const reportRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  groupBy: z.enum(REPORT_GROUP_BY),
  days: z.number().int(),
});
export type ReportRange = z.infer<typeof reportRangeSchema>;
