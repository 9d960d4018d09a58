/**
 * Postgres unique violation (23505), optionally on one constraint. Uniqueness is enforced by the
 * index and mapped to a 409 here, so two racing requests cannot both pass a "does it exist?" check.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, constraint: name } = err as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}
