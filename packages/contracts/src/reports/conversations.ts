import { z } from 'zod';
import { channelTypeSchema } from '../channels.js';
import { tabReportSchema } from './envelope.js';
import { csatStatSchema, durationStatSchema, liveFloorSchema } from './figures.js';

// Overview

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

export const overviewReportSchema = tabReportSchema('overview', overviewTotalsSchema, {
  series: z.array(overviewPointSchema),
  live: liveFloorSchema,
});
export type OverviewReport = z.infer<typeof overviewReportSchema>;

// Agents

/** The figures an agent's row and the tab's totals both carry. */
const agentFigures = {
  /** Tickets this agent gave the first human reply to (conversations handled). */
  handled: z.number().int(),
  /** Tickets resolved while this agent held them. */
  resolved: z.number().int(),
  /** Messages this agent sent. */
  replies: z.number().int(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  replyTime: durationStatSchema,
  csat: csatStatSchema.nullable(),
  /** Seconds connected and "online" in the range. */
  onlineSeconds: z.number().int(),
};

export const agentReportRowSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  ...agentFigures,
  /** Tickets open and assigned to this agent now. */
  openNow: z.number().int(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const agentsTotalsSchema = z.object(agentFigures);
export type AgentsTotals = z.infer<typeof agentsTotalsSchema>;

export const agentsPointSchema = z.object({
  date: z.string(),
  handled: z.number().int(),
  resolved: z.number().int(),
  replies: z.number().int(),
  firstResponseMedian: z.number().nullable(),
  resolutionMedian: z.number().nullable(),
});

export const agentsReportSchema = tabReportSchema('agents', agentsTotalsSchema, {
  series: z.array(agentsPointSchema),
  rows: z.array(agentReportRowSchema),
});
export type AgentsReport = z.infer<typeof agentsReportSchema>;

// Channels and labels

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

export const channelsReportSchema = tabReportSchema('channels', overviewTotalsSchema, {
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

export const labelsReportSchema = tabReportSchema(
  'labels',
  z.object({ labelled: z.number().int() }),
  {
    series: z.array(
      z.object({
        date: z.string(),
        byLabel: z.array(z.object({ labelId: z.string(), newConversations: z.number().int() })),
      }),
    ),
    rows: z.array(labelReportRowSchema),
  },
);
export type LabelsReport = z.infer<typeof labelsReportSchema>;
