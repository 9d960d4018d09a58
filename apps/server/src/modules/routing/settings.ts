import type { Db } from '../../db/database.js';
import { AccountCache } from '../../lib/account-cache.js';

/** The settings keys routing reads, typed. Missing keys take the catalog's defaults. */
export interface RoutingSettings {
  autoAssign: boolean;
  divisionRouting: boolean;
  allowOffline: boolean;
  autoHandover: boolean;
  fallbackAgent: string | null;
  autoResponder: boolean;
  welcomeMessage: string | null;
  noAgentMessage: string | null;
  workingHourStart: string;
  workingHourEnd: string;
  timezone: string;
  greeting: boolean;
}

export const ROUTING_KEYS = [
  'currentAutoAssign',
  'isRouteDivision',
  'bo.enableDivisionAssignment',
  'allowOfflineAssignment',
  'autoHandoverIfOnline',
  'fallbackAgent',
  'statusAutoResponder',
  'welcomeMessage',
  'noOnlineAgentResMsg',
  'agentWorkingHourStart',
  'agentWorkingHourEnd',
  'bo.enableGreetingAssignment',
] as const;

const nonEmpty = (v: string | undefined | null) => (v && v.trim() ? v : null);

export function routingSettingsOf(
  stored: ReadonlyMap<string, string | null>,
  timezone: string,
): RoutingSettings {
  const on = (key: string) => stored.get(key) === 'true';
  return {
    autoAssign: on('currentAutoAssign'),
    // Either the account's switch or the platform's feature flag turns division routing on.
    divisionRouting: on('isRouteDivision') || on('bo.enableDivisionAssignment'),
    allowOffline: on('allowOfflineAssignment'),
    autoHandover: on('autoHandoverIfOnline'),
    fallbackAgent: nonEmpty(stored.get('fallbackAgent')),
    autoResponder: on('statusAutoResponder'),
    welcomeMessage: nonEmpty(stored.get('welcomeMessage')),
    noAgentMessage: nonEmpty(stored.get('noOnlineAgentResMsg')),
    workingHourStart: nonEmpty(stored.get('agentWorkingHourStart')) ?? '08:00',
    workingHourEnd: nonEmpty(stored.get('agentWorkingHourEnd')) ?? '17:00',
    timezone: timezone || 'Asia/Jakarta',
    greeting: on('bo.enableGreetingAssignment'),
  };
}

/** Whether an inbound message can need any routing work at all (the common case: none). */
export function routingWanted(s: RoutingSettings): boolean {
  return (
    s.autoAssign ||
    s.autoHandover ||
    s.greeting ||
    (s.autoResponder && (s.welcomeMessage !== null || s.noAgentMessage !== null))
  );
}

/** Settings are read on every inbound message: cached per process for a moment. */
const cache = new AccountCache<Db, RoutingSettings>(2_000);

export function loadRoutingSettings(db: Db, accountId: string): Promise<RoutingSettings> {
  return cache.get(db, accountId, () => readSettings(db, accountId));
}

async function readSettings(db: Db, accountId: string): Promise<RoutingSettings> {
  const [rows, account] = await Promise.all([
    db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('account_id', '=', accountId)
      .where('key', 'in', ROUTING_KEYS)
      .execute(),
    db.selectFrom('accounts').select('timezone').where('id', '=', accountId).executeTakeFirst(),
  ]);
  return routingSettingsOf(new Map(rows.map((r) => [r.key, r.value])), account?.timezone ?? '');
}

export function forgetRoutingSettings(db: Db, accountId: string): void {
  cache.forget(db, accountId);
}
