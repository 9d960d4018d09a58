import { sql, type Expression, type SqlBool } from 'kysely';
import type { Viewer } from './visibility.js';

/**
 * SQL twin of visibility.ts canSeeChat, for a `chats` table aliased `c`. Tested against
 * it case by case so list queries and socket events can never disagree.
 */
export function chatVisibleTo(v: Viewer): Expression<SqlBool> {
  const me = v.userId;
  const divisions = v.divisionIds;
  if (v.divisionOnlyView) {
    return sql<SqlBool>`(c.agent_id = ${me}::uuid
      OR c.division_ids && ${divisions}::uuid[]
      OR EXISTS (SELECT 1 FROM user_divisions ud WHERE ud.user_id = c.agent_id AND ud.division_id = ANY(${divisions}::uuid[])))`;
  }
  if (v.role === 'admin' || (v.role === 'agent' && v.allChat)) return sql<SqlBool>`true`;
  if (v.role === 'supervisor') {
    return sql<SqlBool>`(c.agent_id = ANY(${[me, ...v.agentIds]}::uuid[])
      OR (c.agent_id IS NULL AND cardinality(c.division_ids) > 0))`;
  }
  return sql<SqlBool>`(c.agent_id = ${me}::uuid
    OR (c.agent_id IS NULL AND (c.division_ids && ${divisions}::uuid[] OR cardinality(c.division_ids) = 0)))`;
}
