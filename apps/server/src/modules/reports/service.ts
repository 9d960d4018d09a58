import {
  DEFAULT_REPORT_TARGETS,
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  type Report,
  type ReportQuery,
  type ReportRange,
  type ReportTargets,
  type UsageReport,
  type UsageTabReport,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { Caller } from '../auth/principal.js';
import { forgetReportAccount, loadReportAccount } from './account-context.js';
import { addDays, dayCount, mondayOfIsoWeek } from './days.js';
import { rollLedger } from './ledger-rollup.js';
import { narrow, scopeOf, selectorOf } from './scope.js';
import { agentsTab } from './tabs/agents.js';
import { broadcastsTab } from './tabs/broadcasts.js';
import { channelsTab } from './tabs/channels.js';
import type { TabContext } from './tabs/context.js';
import { csatTab } from './tabs/csat.js';
import { labelsTab } from './tabs/labels.js';
import { overviewTab } from './tabs/overview.js';
import { ticketsTab } from './tabs/tickets.js';
import { usageFigures } from './tabs/usage.js';

const isManager = (p: Caller) => p.role === 'admin' || p.role === 'supervisor';

/** A range of whole local days, checked: from ≤ to, at most a year. */
function rangeOf(
  from: string,
  to: string,
  timezone: string,
  groupBy: ReportRange['groupBy'],
): ReportRange {
  if (from > to)
    throw badRequest(REPORT_MESSAGES.fromAfterTo, 'VALIDATION', [
      { path: 'from', message: REPORT_MESSAGES.fromAfterTo },
    ]);
  const days = dayCount(from, to);
  if (days > REPORT_MAX_DAYS)
    throw badRequest(REPORT_MESSAGES.rangeTooLong, 'VALIDATION', [
      { path: 'to', message: REPORT_MESSAGES.rangeTooLong },
    ]);
  return { from, to, timezone, groupBy, days };
}

/** The period of the same length just before. */
function previousOf(r: ReportRange): ReportRange {
  const to = addDays(r.from, -1);
  return { ...r, from: addDays(to, -(r.days - 1)), to };
}

export class ReportsService {
  constructor(private readonly deps: Deps) {}

  async targets(accountId: string): Promise<ReportTargets> {
    const row = await this.deps.db
      .selectFrom('report_targets')
      .select(['first_response_s', 'resolution_s'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row
      ? { firstResponseSeconds: row.first_response_s, resolutionSeconds: row.resolution_s }
      : DEFAULT_REPORT_TARGETS;
  }

  async setTargets(p: Caller, t: ReportTargets): Promise<ReportTargets> {
    const now = this.deps.clock.now();
    await this.deps.db
      .insertInto('report_targets')
      .values({
        account_id: p.accountId,
        first_response_s: t.firstResponseSeconds,
        resolution_s: t.resolutionSeconds,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({
          first_response_s: t.firstResponseSeconds,
          resolution_s: t.resolutionSeconds,
          updated_at: now,
        }),
      )
      .execute();
    forgetReportAccount(this.deps.db, p.accountId);
    return t;
  }

  /** One tab of `/api/reports`, for what the caller may see. */
  async report(p: Caller, q: ReportQuery): Promise<Report> {
    const account = await loadReportAccount(this.deps.db, p.accountId);
    const range = rangeOf(q.from, q.to, account.timezone, q.groupBy);
    const previous = q.compare ? previousOf(range) : null;
    if (q.tab === 'tickets' && !account.ticketReport)
      throw forbidden(REPORT_MESSAGES.ticketReportOff, 'TICKET_REPORT_OFF');
    if (q.tab === 'csat' && !account.csat)
      throw forbidden(REPORT_MESSAGES.csatOff, 'CSAT_DISABLED');
    if (q.tab === 'usage') return this.usageTab(p, range, previous);
    const filters = {
      channel: q.channel,
      divisionId: q.divisionId,
      agentId: q.agentId,
      labelId: q.labelId,
    };
    const scope = await narrow(this.deps.db, p.accountId, scopeOf(p), filters);
    const ctx: TabContext = {
      db: this.deps.db,
      principal: p,
      accountId: p.accountId,
      account,
      query: q,
      filters,
      scope,
      selector: selectorOf(scope, filters),
      range,
      previous,
      targets: await this.targets(p.accountId),
      now: this.deps.clock.now(),
    };
    switch (q.tab) {
      case 'overview':
        return overviewTab(ctx);
      case 'agents':
        return agentsTab(ctx);
      case 'channels':
        return channelsTab(ctx);
      case 'labels':
        return labelsTab(ctx);
      case 'tickets':
        return ticketsTab(ctx);
      case 'broadcasts':
        return broadcastsTab(ctx);
      case 'csat':
        return csatTab(ctx);
    }
  }

  private async usageTab(
    p: Caller,
    range: ReportRange,
    previous: ReportRange | null,
  ): Promise<UsageTabReport> {
    const current = await this.usageOf(p, range);
    const before = previous ? await this.usageOf(p, previous) : null;
    return { tab: 'usage', ...current, previous, previousTotals: before?.totals ?? null };
  }

  /** Usage is the account's money: its managers see it whole; agents never. */
  private async usageOf(p: Caller, range: ReportRange): Promise<UsageReport> {
    if (!isManager(p)) throw forbidden(REPORT_MESSAGES.usageManagersOnly, 'REPORT_SCOPE');
    // Whatever the ledger booked until now is in the figures, so they agree with it exactly.
    await rollLedger(this.deps.db, this.deps.pool, p.accountId);
    const figures = await usageFigures(this.deps.db, p.accountId, range.timezone, range);
    return { range, ...figures };
  }

  /** Spec §7 `reports/daily/usage`, `reports/weekly/usage`, `reports/usage`. */
  async usage(p: Caller, from: string, to: string): Promise<UsageReport> {
    const { timezone } = await loadReportAccount(this.deps.db, p.accountId);
    return this.usageOf(p, rangeOf(from, to, timezone, 'day'));
  }

  usageWeek(p: Caller, week: string): Promise<UsageReport> {
    const monday = mondayOfIsoWeek(week);
    return this.usage(p, monday, addDays(monday, 6));
  }
}
