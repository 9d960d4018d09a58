import { REPORT_MESSAGES, type ReportQuery } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../http/errors.js';
import type { Caller } from '../auth/principal.js';

/**
 * Whose figures a caller may see (issue 18): admins the whole account; supervisors themselves
 * and the agents they supervise; division-only users (any role) their divisions; agents only
 * themselves. Enforced here, on the server, for every tab, export and the dashboard.
 */
export type Scope =
  { kind: 'all' } | { kind: 'agents'; ids: string[] } | { kind: 'divisions'; ids: string[] };

export function scopeOf(p: Caller): Scope {
  if (p.divisionOnlyView) return { kind: 'divisions', ids: [...p.divisionIds] };
  if (p.role === 'admin') return { kind: 'all' };
  if (p.role === 'supervisor')
    return { kind: 'agents', ids: [...new Set([p.userId, ...p.agentIds])] };
  return { kind: 'agents', ids: [p.userId] };
}

/** Facts read directly (filter combinations no rollup dimension answers). */
export interface FactFilter {
  agentIds?: string[];
  divisionIds?: string[];
  channel?: string;
  labelId?: string;
}

/**
 * What to read: the sum of some rollup dimensions, or the facts themselves under a filter.
 * Every fact has at most one agent and one division, so summing agent or division dimensions
 * never counts a fact twice.
 */
export type Selector = { dims: string[] } | { facts: FactFilter };

/** A scope narrowed by the filters; agents within divisions are read from the facts. */
export type Narrowed = Scope & { divisionWithin?: string[] };

export type Filters = Pick<ReportQuery, 'channel' | 'divisionId' | 'agentId' | 'labelId'>;

/** The scope narrowed by the query's agent and division, refused when outside what it may see. */
export async function narrow(
  db: Db,
  accountId: string,
  scope: Scope,
  f: Filters,
): Promise<Narrowed> {
  let s: Narrowed = scope;
  if (f.agentId) {
    if (s.kind === 'agents' && !s.ids.includes(f.agentId))
      throw forbidden(REPORT_MESSAGES.agentNotVisible, 'REPORT_SCOPE');
    if (s.kind === 'divisions') {
      const member = await db
        .selectFrom('user_divisions')
        .select('user_id')
        .where('account_id', '=', accountId)
        .where('user_id', '=', f.agentId)
        .where('division_id', 'in', s.ids.length ? s.ids : ['00000000-0000-0000-0000-000000000000'])
        .executeTakeFirst();
      if (!member) throw forbidden(REPORT_MESSAGES.agentNotVisible, 'REPORT_SCOPE');
      // Their figures within the viewer's divisions only.
      s = { kind: 'agents', ids: [f.agentId], divisionWithin: s.ids };
    } else s = { kind: 'agents', ids: [f.agentId] };
  }
  if (f.divisionId) {
    if (scope.kind === 'divisions' && !scope.ids.includes(f.divisionId))
      throw forbidden(REPORT_MESSAGES.divisionNotVisible, 'REPORT_SCOPE');
    if (s.kind === 'all' || s.kind === 'divisions') s = { kind: 'divisions', ids: [f.divisionId] };
    // Agents within a division: no rollup holds both, the facts answer.
    else s = { ...s, divisionWithin: [f.divisionId] };
  }
  return s;
}

/** How to read the figures of a (narrowed) scope with the channel and label filters. */
export function selectorOf(s: Narrowed, f: Filters): Selector {
  const ch = f.channel;
  if (f.labelId && s.kind === 'all' && !ch) return { dims: [`label:${f.labelId}`] };
  if (f.labelId || s.divisionWithin) {
    return {
      facts: {
        ...(s.kind === 'agents' ? { agentIds: s.ids } : {}),
        ...(s.kind === 'divisions' ? { divisionIds: s.ids } : {}),
        ...(s.divisionWithin ? { divisionIds: s.divisionWithin } : {}),
        ...(ch ? { channel: ch } : {}),
        ...(f.labelId ? { labelId: f.labelId } : {}),
      },
    };
  }
  if (s.kind === 'all') return { dims: [ch ? `channel:${ch}` : 'all'] };
  const prefix = s.kind === 'agents' ? 'agent' : 'division';
  return { dims: s.ids.map((id) => (ch ? `${prefix}:${id}|channel:${ch}` : `${prefix}:${id}`)) };
}
