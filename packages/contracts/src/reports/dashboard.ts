import { z } from 'zod';
import { csatStatSchema, durationStatSchema } from './figures.js';
import { reportTargetsSchema } from './tickets.js';

// Dashboard

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
