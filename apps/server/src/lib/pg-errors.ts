/**
 * Postgres unique violation (23505), optionally on one constraint. Uniqueness is enforced by the
 * index and mapped to a 409 here, so two racing requests cannot both pass a "does it exist?" check.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, constraint: name } = err as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}

/**
 * PostgreSQL data exceptions that only a value from outside can cause: the contracts should
 * refuse such values first, and this backstop keeps a missed one a 400 instead of a 500 (a 500
 * on a webhook makes Meta redeliver the batch forever). Faults of ours keep their 500.
 */
const INPUT_ERRORS: Record<string, 'unstorable' | 'outOfRange' | 'invalid'> = {
  '22021': 'unstorable', // character_not_in_repertoire: NUL in text
  '22P05': 'unstorable', // untranslatable_character: \u0000 in jsonb
  '22003': 'outOfRange', // numeric_value_out_of_range: past bigint
  '22P02': 'invalid', // invalid_text_representation: "nope"::uuid
  '22007': 'invalid', // invalid_datetime_format
  '22008': 'invalid', // datetime_field_overflow: month 13
};

export function pgInputError(err: unknown): 'unstorable' | 'outOfRange' | 'invalid' | null {
  if (typeof err !== 'object' || err === null) return null;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  // `severity` tells the driver's errors from other errors that happen to carry a `code`.
  if (typeof code !== 'string' || typeof severity !== 'string') return null;
  return INPUT_ERRORS[code] ?? null;
}
