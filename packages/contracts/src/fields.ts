import { z } from 'zod';
import { MESSAGES, validationMessage as vm } from './messages.js';
import { text } from './text.js';

/**
 * The type complaint only: a schema-level `error` also answers for every later check that has no
 * message of its own, so mapping everything here turned a too-long name into "must be a string".
 */
const typeError = (field: string) => (iss: { code: string; input?: unknown }) => {
  if (iss.code !== 'invalid_type') return undefined;
  return iss.input === undefined || iss.input === null ? vm.required(field) : vm.string(field);
};

/**
 * Field builders that speak the spec's shared validation messages. `field` is the human name
 * used inside the message ("The {field} field is required").
 */
export const requiredString = (field: string) =>
  text({ error: typeError(field) })
    .trim()
    .min(1, vm.required(field));

export const optionalString = (field: string) => text({ error: typeError(field) }).trim();

export const emailField = (field = 'email') =>
  requiredString(field)
    .toLowerCase()
    .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** Digits only, optionally with one leading plus; at least 6 digits. */
export const phoneField = (field = 'phone number') =>
  requiredString(field).regex(/^\+?\d{6,16}$/, MESSAGES.invalidPhone);

export const passwordField = (field = 'password') =>
  text({ error: typeError(field) })
    .min(1, vm.required(field))
    .min(8, vm.min(field, 8))
    .max(128, vm.max(field, 128))
    .regex(/(?=.*\d)(?=.*[A-Z])/, vm.passwordStrength(field));

export const idField = z.uuid({ error: 'Invalid id' });

export const pinField = text({ error: () => vm.required('pin') })
  .trim()
  .regex(/^\d{6}$/, 'The pin must be 6 digits');

/**
 * A bigint row id sent as text (a keyset key, the message a reply quotes). At most 15 digits:
 * exact as a JavaScript number and well inside PostgreSQL's bigint, whose "out of range" error
 * used to answer 500.
 */
export const rowIdText = (field: string) =>
  text().regex(/^\d{1,15}$/, `The ${field} field must be a row id (up to 15 digits)`);

/** Query-string booleans arrive as text. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const perPage = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
