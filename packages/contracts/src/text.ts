import { z } from 'zod';
import { validationMessage as vm } from './messages.js';

/**
 * PostgreSQL cannot store U+0000 in `text` or `jsonb`: a NUL that reaches a query fails it with
 * 22021/22P05, which used to surface as a 500. Every string the API accepts goes through
 * `text()` (or carries `refuseNul`), so a NUL is a 400 that names the field, wherever it sits.
 */
const NUL = '\u0000';

/** "filters.0.value" for the message; the root of a body is just "value". */
const fieldName = (path: readonly PropertyKey[] | undefined): string =>
  path && path.length ? path.map(String).join('.') : 'value';

/**
 * The one check every input string carries. `abort` keeps the field to this single issue (a
 * length or format complaint about a string we refuse anyway would only confuse). A singleton
 * so tests can tell a guarded string from a bare one.
 */
export const refuseNul = z.refine<string>((v) => !v.includes(NUL), {
  error: (iss) => vm.nul(fieldName(iss.path)),
  abort: true,
});

/** `z.string()` for input: same parameters, refuses NUL first. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(refuseNul);

/** `z.url()` for input: the URL parser keeps a NUL in a path (percent-encoding it only on output). */
export const urlText = (params?: Parameters<typeof z.url>[0]) => z.url(params).check(refuseNul);
