import { DASHBOARD_UNWATCH_EVENT, DASHBOARD_WATCH_EVENT, MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../http/errors.js';
import { isAllowed } from '../../policies.js';
import type { Realtime } from '../../realtime/server.js';
import type { Caller } from '../auth/principal.js';

/** Sockets of an account's managers with the dashboard open. */
export const dashboardRoom = (accountId: string) => `dash:${accountId}`;
/** Sockets of one agent with their dashboard open. */
export const dashboardUserRoom = (userId: string) => `dash:user:${userId}`;

const roomOf = (p: Caller) =>
  p.role === 'agent' && !p.divisionOnlyView
    ? dashboardUserRoom(p.userId)
    : dashboardRoom(p.accountId);

/**
 * `dashboard.watch` / `dashboard.unwatch`: a page showing the dashboard hears `dashboard.updated`.
 * The dashboard is one of the pages of API-only accounts.
 */
export function registerDashboardSockets(_deps: Deps, realtime: Realtime): void {
  realtime.on(
    DASHBOARD_WATCH_EVENT,
    async (principal, _payload, socket) => {
      if (!isAllowed('dashboard.read', principal)) throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
      await socket.join(roomOf(principal));
      return { watching: true };
    },
    { apiOnlyAllowed: true },
  );
  realtime.on(
    DASHBOARD_UNWATCH_EVENT,
    async (principal, _payload, socket) => {
      await socket.leave(roomOf(principal));
      return { watching: false };
    },
    { apiOnlyAllowed: true },
  );
}
