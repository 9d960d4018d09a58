import { z } from 'zod';
import { channelTypeSchema } from './channels.js';
import { queryBoolean } from './fields.js';
import { text } from './text.js';

/**
 * Reports (issue 18): `/api/reports` per tab, the usage reports of spec §7
 * (`reports/daily/usage`, `reports/weekly/usage`, `reports/usage`), exports, SLA targets and the
 * live dashboard. Every figure's definition is in docs/REPORTS.md; the web shows the same words
 * as tooltips. Durations are whole seconds; dates are days (YYYY-MM-DD) in the account's time
 * zone; money is rupiah (two decimals at most, as the ledger keeps it).
 */

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

const day = z.iso.date({ error: 'Dates must look like 2026-01-31' });

/**
 * `GET /api/reports`: one tab for a range of whole days in the account's time zone, optionally
 * narrowed by channel, division, agent and label, and compared with the period of the same
 * length just before it. Agents always get their own figures whatever `agentId` says.
 */
export const reportQuerySchema = z.object({
  tab: reportTabSchema.default('overview'),
  from: day,
  to: day,
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

// ---------- Overview ----------

export const overviewTotalsSchema = z.object({
  newConversations: z.number().int(),
  reopened: z.number().int(),
  resolved: z.number().int(),
  /** Resolved without any human reply: not in the first-response figures. */
  unanswered: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  replyTime: durationStatSchema,
  /** Null when CSAT is off for the account. */
  csat: csatStatSchema.nullable(),
});
export type OverviewTotals = z.infer<typeof overviewTotalsSchema>;

/** One day (or the Monday of a week) of the overview. */
export const overviewPointSchema = z.object({
  date: z.string(),
  newConversations: z.number().int(),
  reopened: z.number().int(),
  resolved: z.number().int(),
  unanswered: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  firstResponseMedian: z.number().nullable(),
  firstResponseAvg: z.number().nullable(),
  resolutionMedian: z.number().nullable(),
  resolutionAvg: z.number().nullable(),
  replyTimeMedian: z.number().nullable(),
  replyTimeAvg: z.number().nullable(),
});
export type OverviewPoint = z.infer<typeof overviewPointSchema>;

/** Right now, within the same filters: open tickets, waiting for an agent, unassigned. */
export const liveFloorSchema = z.object({
  open: z.number().int(),
  waiting: z.number().int(),
  unassigned: z.number().int(),
});
export type LiveFloor = z.infer<typeof liveFloorSchema>;

export const overviewReportSchema = z.object({
  tab: z.literal('overview'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  totals: overviewTotalsSchema,
  previousTotals: overviewTotalsSchema.nullable(),
  series: z.array(overviewPointSchema),
  live: liveFloorSchema,
});
export type OverviewReport = z.infer<typeof overviewReportSchema>;

// ---------- Agents ----------

export const agentReportRowSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  /** Tickets this agent gave the first human reply to (conversations handled). */
  handled: z.number().int(),
  /** Tickets resolved while this agent held them. */
  resolved: z.number().int(),
  /** Messages this agent sent. */
  replies: z.number().int(),
  /** Tickets open and assigned to this agent now. */
  openNow: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  replyTime: durationStatSchema,
  csat: csatStatSchema.nullable(),
  /** Seconds connected and "online" in the range. */
  onlineSeconds: z.number().int(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const agentsTotalsSchema = z.object({
  handled: z.number().int(),
  resolved: z.number().int(),
  replies: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  replyTime: durationStatSchema,
  csat: csatStatSchema.nullable(),
  onlineSeconds: z.number().int(),
});
export type AgentsTotals = z.infer<typeof agentsTotalsSchema>;

export const agentsPointSchema = z.object({
  date: z.string(),
  handled: z.number().int(),
  resolved: z.number().int(),
  replies: z.number().int(),
  firstResponseMedian: z.number().nullable(),
  resolutionMedian: z.number().nullable(),
});

export const agentsReportSchema = z.object({
  tab: z.literal('agents'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  totals: agentsTotalsSchema,
  previousTotals: agentsTotalsSchema.nullable(),
  series: z.array(agentsPointSchema),
  rows: z.array(agentReportRowSchema),
});
export type AgentsReport = z.infer<typeof agentsReportSchema>;

// ---------- Channels and labels ----------

export const channelReportRowSchema = z.object({
  channel: channelTypeSchema,
  newConversations: z.number().int(),
  resolved: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  replyTime: durationStatSchema,
});
export type ChannelReportRow = z.infer<typeof channelReportRowSchema>;

/** Messages by channel and message type (spec §3 types: text, image, …). */
export const messageTypeRowSchema = z.object({
  channel: channelTypeSchema,
  msgType: z.string(),
  in: z.number().int(),
  out: z.number().int(),
});
export type MessageTypeRow = z.infer<typeof messageTypeRowSchema>;

export const channelsPointSchema = z.object({
  date: z.string(),
  /** Messages in and out per channel that day. */
  byChannel: z.array(
    z.object({ channel: channelTypeSchema, in: z.number().int(), out: z.number().int() }),
  ),
});

export const channelsReportSchema = z.object({
  tab: z.literal('channels'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  totals: overviewTotalsSchema,
  previousTotals: overviewTotalsSchema.nullable(),
  series: z.array(channelsPointSchema),
  rows: z.array(channelReportRowSchema),
  messageTypes: z.array(messageTypeRowSchema),
});
export type ChannelsReport = z.infer<typeof channelsReportSchema>;

export const labelReportRowSchema = z.object({
  labelId: z.string(),
  name: z.string(),
  color: z.string(),
  newConversations: z.number().int(),
  resolved: z.number().int(),
  messagesIn: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
});
export type LabelReportRow = z.infer<typeof labelReportRowSchema>;

export const labelsReportSchema = z.object({
  tab: z.literal('labels'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  totals: z.object({ labelled: z.number().int() }),
  previousTotals: z.object({ labelled: z.number().int() }).nullable(),
  series: z.array(
    z.object({
      date: z.string(),
      byLabel: z.array(z.object({ labelId: z.string(), newConversations: z.number().int() })),
    }),
  ),
  rows: z.array(labelReportRowSchema),
});
export type LabelsReport = z.infer<typeof labelsReportSchema>;

// ---------- Tickets (bo.ticket_report) ----------

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

export const ticketsReportSchema = z.object({
  tab: z.literal('tickets'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  targets: reportTargetsSchema,
  totals: ticketsTotalsSchema,
  previousTotals: ticketsTotalsSchema.nullable(),
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

// ---------- Broadcasts ----------

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

export const broadcastsReportSchema = z.object({
  tab: z.literal('broadcasts'),
  range: reportRangeSchema,
  previous: reportRangeSchema.nullable(),
  totals: broadcastsTotalsSchema,
  previousTotals: broadcastsTotalsSchema.nullable(),
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

// ---------- Usage (spec §7 reports/daily/usage, reports/weekly/usage, reports/usage) ----------

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

export const usageDailyQuerySchema = z.object({ date: day });
export const usageWeeklyQuerySchema = z.object({
  /** ISO week, Monday first: 2026-W05. */
  week: text().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, REPORT_MESSAGES.invalidWeek),
});
export const usageRangeQuerySchema = z.object({ from: day, to: day });

export const usageTabReportSchema = usageReportSchema.extend({
  tab: z.literal('usage'),
  previous: reportRangeSchema.nullable(),
  previousTotals: usageReportSchema.shape.totals.nullable(),
});
export type UsageTabReport = z.infer<typeof usageTabReportSchema>;

// ---------- CSAT (bo.isCsat) ----------

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

/** `GET /api/reports`: one of the tabs, told apart by `tab`. */
export const reportSchema = z.discriminatedUnion('tab', [
  overviewReportSchema,
  agentsReportSchema,
  channelsReportSchema,
  labelsReportSchema,
  ticketsReportSchema,
  broadcastsReportSchema,
  usageTabReportSchema,
  csatReportSchema,
]);
export type Report = z.infer<typeof reportSchema>;

// ---------- Dashboard ----------

/**
 * `GET /api/dashboard`. Managers (admins, supervisors, division-only users) get the floor they may
 * see; agents get their own queue and today's numbers (`scope: 'own'`). `balance` is for the
 * account's managers only.
 */
export const dashboardSchema = z.object({
  scope: z.enum(['account', 'team', 'own']),
  asOf: z.string(),
  today: z.string(),
  timezone: z.string(),
  targets: reportTargetsSchema,
  floor: z.object({
    open: z.number().int(),
    unassigned: z.number().int(),
    waiting: z.number().int(),
    /** Waiting for a first human reply longer than the first-response target. */
    waitingOverTarget: z.number().int(),
    /** When the longest-waiting customer started waiting (null: nobody waits). */
    oldestWaitingSince: z.string().nullable(),
    onlineAgents: z.number().int(),
    agents: z.number().int(),
  }),
  todayFigures: z.object({
    newConversations: z.number().int(),
    resolved: z.number().int(),
    replies: z.number().int(),
    firstResponse: durationStatSchema,
    csat: csatStatSchema.nullable(),
  }),
  balance: z
    .object({
      saldo: z.number(),
      /** Average usage cost per day over the last 7 full days. */
      dailySpend: z.number(),
      /** saldo / dailySpend, rounded down; null when nothing was spent. */
      daysLeft: z.number().int().nullable(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * Socket event `dashboard.updated`: something on the floor changed (at most every 2 s per
 * account); the client fetches `GET /api/dashboard` again. Only sockets watching the dashboard
 * hear it: the page emits `dashboard.watch` when it opens and `dashboard.unwatch` when it closes
 * (acknowledged `{ok: true, data: {watching}}`); managers then hear the floor they see, agents
 * what touches their own queue.
 */
export const DASHBOARD_WATCH_EVENT = 'dashboard.watch';
export const DASHBOARD_UNWATCH_EVENT = 'dashboard.unwatch';
export const DASHBOARD_UPDATED_EVENT = 'dashboard.updated';
export const dashboardUpdatedEventSchema = z.object({ at: z.string() });
export type DashboardUpdatedEvent = z.infer<typeof dashboardUpdatedEventSchema>;
