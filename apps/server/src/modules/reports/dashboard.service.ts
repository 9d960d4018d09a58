import { sql } from 'kysely';
import type { Dashboard } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Caller } from '../auth/principal.js';
import { loadReportAccount } from './account-context.js';
import { addDays, today as todayIn } from './days.js';
import { COST_METRICS } from './ledger-rollup.js';
import { liveFloor } from './live.js';
import { readSums } from './read.repo.js';
import { narrow, scopeOf, selectorOf, type Scope } from './scope.js';
import { csatStat, durationStat, money, total } from './stats.js';
import type { ReportsService } from './service.js';

const isManager = (p: Caller) => p.role === 'admin' || p.role === 'supervisor';

/** Agents on the floor of a scope: everyone who answers chats, and how many are online now. */
async function people(deps: Deps, accountId: string, scope: Scope) {
  const who =
    scope.kind === 'all'
      ? sql`true`
      : scope.kind === 'agents'
        ? sql`u.id = ANY(${scope.ids}::uuid[])`
        : sql`EXISTS (SELECT 1 FROM user_divisions ud WHERE ud.user_id = u.id
                      AND ud.division_id = ANY(${scope.ids}::uuid[]))`;
  const { rows } = await sql<{ agents: number; online: number }>`
    SELECT count(*)::int AS agents,
           count(*) FILTER (WHERE p.connections > 0 AND p.status = 'online')::int AS online
    FROM users u LEFT JOIN user_presence p ON p.user_id = u.id
    WHERE u.account_id = ${accountId} AND u.status = 'active' AND ${who}`.execute(deps.db);
  return { agents: rows[0]?.agents ?? 0, online: rows[0]?.online ?? 0 };
}

/**
 * `GET /api/dashboard`: the live floor a manager may see (open, unassigned, waiting, waiting over
 * the first-response target, who is online), today's figures, and the balance with the days it
 * lasts at the last week's spend; an agent gets their own queue and numbers.
 */
export async function dashboardOf(
  deps: Deps,
  reports: ReportsService,
  p: Caller,
): Promise<Dashboard> {
  const now = deps.clock.now();
  const account = await loadReportAccount(deps.db, p.accountId);
  const today = todayIn(now, account.timezone);
  const targets = await reports.targets(p.accountId);
  const own = p.role === 'agent' && !p.divisionOnlyView;
  const scope: Scope = own ? { kind: 'agents', ids: [p.userId] } : scopeOf(p);
  const selector = selectorOf(await narrow(deps.db, p.accountId, scope, {}), {});
  const [floor, team, sums, balance] = await Promise.all([
    liveFloor(deps.db, p, {}, now, targets.firstResponseSeconds),
    people(deps, p.accountId, scope),
    readSums(
      deps.db,
      p.accountId,
      ['opened', 'resolution', 'message_out', 'first_response', 'csat'],
      selector,
      today,
      today,
      'day',
      undefined,
      { bh: true },
    ),
    isManager(p) ? balanceOf(deps, p.accountId, today) : null,
  ]);
  const t = (m: string) => total(sums.get(m));
  return {
    scope: own ? 'own' : scope.kind === 'all' ? 'account' : 'team',
    asOf: now.toISOString(),
    today,
    timezone: account.timezone,
    targets,
    floor: {
      open: floor.open,
      unassigned: floor.unassigned,
      waiting: floor.waiting,
      waitingOverTarget: floor.waitingOverTarget,
      oldestWaitingSince: floor.oldestWaitingSince?.toISOString() ?? null,
      onlineAgents: team.online,
      agents: team.agents,
    },
    todayFigures: {
      newConversations: t('opened').count,
      resolved: t('resolution').count,
      replies: t('message_out').count,
      firstResponse: durationStat(t('first_response')),
      csat: account.csat ? csatStat(t('csat')) : null,
    },
    balance,
  };
}

/** The balance, the average usage cost of the last 7 full days, and how long the balance lasts. */
async function balanceOf(deps: Deps, accountId: string, today: string) {
  // Full days only: their cost is rolled already (on each balance change and every minute).
  const [last, spend] = await Promise.all([
    deps.db
      .selectFrom('balance_ledger')
      .select('balance_after')
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    readSums(
      deps.db,
      accountId,
      COST_METRICS,
      { dims: ['all'] },
      addDays(today, -7),
      addDays(today, -1),
      'dim',
    ),
  ]);
  const saldo = Number(last?.balance_after ?? 0);
  let cents = 0;
  for (const m of COST_METRICS) cents += total(spend.get(m)).cents;
  const dailySpend = money(Math.round(cents / 7));
  return {
    saldo,
    dailySpend,
    daysLeft: dailySpend > 0 ? Math.floor(saldo / dailySpend) : null,
  };
}
