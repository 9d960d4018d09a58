import { z } from 'zod';
import { broadcastsReportSchema } from './broadcasts.js';
import {
  agentsReportSchema,
  channelsReportSchema,
  labelsReportSchema,
  overviewReportSchema,
} from './conversations.js';
import { csatReportSchema } from './csat.js';
import { ticketsReportSchema } from './tickets.js';
import { usageTabReportSchema } from './usage.js';

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
