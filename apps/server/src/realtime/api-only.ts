import {
  BALANCE_UPDATED_EVENT,
  CHANNEL_HEALTH_EVENT,
  DASHBOARD_UPDATED_EVENT,
  ORDER_UPDATED_EVENT,
  PRESENCE_UPDATED_EVENT,
} from '@sapa/contracts';
import type { Principal } from '../modules/auth/principal.js';

/**
 * Every socket of a person of an API-only account, in every account. Events the pages they may
 * open do not show are emitted `except` this room, so a room they are in for another reason (the
 * managers' presence room also hears broadcast progress) never carries inbox traffic to them.
 */
export const API_ONLY_ROOM = 'api-only-people';

/**
 * What the `apiOnlyAllowed` pages show live (issue 19 §4): the shell's presence, the dashboard,
 * top-up and orders (balance, order status) and the integrations' channel health. Chats,
 * messages, assignments, broadcasts and send errors are the API's, as over HTTP.
 */
export const API_ONLY_SOCKET_EVENTS: ReadonlySet<string> = new Set([
  PRESENCE_UPDATED_EVENT,
  DASHBOARD_UPDATED_EVENT,
  BALANCE_UPDATED_EVENT,
  ORDER_UPDATED_EVENT,
  CHANNEL_HEALTH_EVENT,
]);

export const isApiOnlyPerson = (p: Pick<Principal, 'accountType'>): boolean =>
  p.accountType === 'api_only';
