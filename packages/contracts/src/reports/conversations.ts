import { z } from 'zod';
import { channelTypeSchema } from '../channels.js';
import { tabReportSchema } from './envelope.js';
import { csatStatSchema, durationStatSchema, liveFloorSchema } from './figures.js';

/** A count (of conversations, tickets or messages). */
const count = () => z.number().int();
/** Seconds, or null when there was nothing to measure. */
const seconds = () => z.number().nullable();

/** The volume figures of a range and of each of its days, in the order the tables show them. */
const volume = {
  newConversations: count(),
  reopened: count(),
  resolved: count(),
  /** Resolved without any human reply: not in the first-response figures. */
  unanswered: count(),
  messagesIn: count(),
  messagesOut: count(),
};

/** The three durations of a range, as their stats. */
const durations = {
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
  replyTime: durationStatSchema,
};

// Overview

export const overviewTotalsSchema = z.object({
  ...volume,
  ...durations,
  /** Null when CSAT is off for the account. */
  csat: csatStatSchema.nullable(),
});
export type OverviewTotals = z.infer<typeof overviewTotalsSchema>;

/** One day (or the Monday of a week) of the overview. */
export const overviewPointSchema = z.object({
  date: z.string(),
  ...volume,
  firstResponseMedian: seconds(),
  firstResponseAvg: seconds(),
  resolutionMedian: seconds(),
  resolutionAvg: seconds(),
  replyTimeMedian: seconds(),
  replyTimeAvg: seconds(),
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
  handled: count(),
  /** Tickets resolved while this agent held them. */
  resolved: count(),
  /** Messages this agent sent. */
  replies: count(),
  ...durations,
  csat: csatStatSchema.nullable(),
  /** Seconds connected and "online" in the range. */
  onlineSeconds: count(),
};

export const agentReportRowSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  ...agentFigures,
  /** Tickets open and assigned to this agent now. */
  openNow: count(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const agentsTotalsSchema = z.object(agentFigures);
export type AgentsTotals = z.infer<typeof agentsTotalsSchema>;

export const agentsPointSchema = z.object({
  date: z.string(),
  handled: count(),
  resolved: count(),
  replies: count(),
  firstResponseMedian: seconds(),
  resolutionMedian: seconds(),
});

export const agentsReportSchema = tabReportSchema('agents', agentsTotalsSchema, {
  series: z.array(agentsPointSchema),
  rows: z.array(agentReportRowSchema),
});
export type AgentsReport = z.infer<typeof agentsReportSchema>;

// Channels and labels

export const channelReportRowSchema = z.object({
  channel: channelTypeSchema,
  newConversations: count(),
  resolved: count(),
  messagesIn: count(),
  messagesOut: count(),
  ...durations,
});
export type ChannelReportRow = z.infer<typeof channelReportRowSchema>;

/** Messages by channel and message type (spec §3 types: text, image, …). */
export const messageTypeRowSchema = z.object({
  channel: channelTypeSchema,
  msgType: z.string(),
  in: count(),
  out: count(),
});
export type MessageTypeRow = z.infer<typeof messageTypeRowSchema>;

export const channelsPointSchema = z.object({
  date: z.string(),
  /** Messages in and out per channel that day. */
  byChannel: z.array(z.object({ channel: channelTypeSchema, in: count(), out: count() })),
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
  newConversations: count(),
  resolved: count(),
  messagesIn: count(),
  firstResponse: durationStatSchema,
  resolution: durationStatSchema,
});
export type LabelReportRow = z.infer<typeof labelReportRowSchema>;

export const labelsReportSchema = tabReportSchema('labels', z.object({ labelled: count() }), {
  series: z.array(
    z.object({
      date: z.string(),
      byLabel: z.array(z.object({ labelId: z.string(), newConversations: count() })),
    }),
  ),
  rows: z.array(labelReportRowSchema),
});
export type LabelsReport = z.infer<typeof labelsReportSchema>;
