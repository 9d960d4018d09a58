import type { ReportQuery, ReportRange, ReportTargets } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import type { Caller } from '../../auth/principal.js';
import type { ReportAccount } from '../account-context.js';
import type { Filters, Narrowed, Selector } from '../scope.js';

/** What every tab builder gets: who asks, what they may see, and the range(s) to read. */
export interface TabContext {
  db: Db;
  principal: Caller;
  accountId: string;
  account: ReportAccount;
  query: ReportQuery;
  filters: Filters;
  /** The caller's scope narrowed by the agent and division filters. */
  scope: Narrowed;
  selector: Selector;
  range: ReportRange;
  /** The period of the same length just before (with `compare`), else null. */
  previous: ReportRange | null;
  targets: ReportTargets;
  now: Date;
}
