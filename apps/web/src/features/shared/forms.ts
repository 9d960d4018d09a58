import type { z } from 'zod';
import { MESSAGES } from '@sapa/contracts';
import { HttpError } from '../../lib/http';
import { translateMessage } from '../../lib/messages';

export type FieldErrors = Record<string, string>;

/**
 * A Mantine `validate` function from a contracts schema, so the browser checks exactly what the
 * server checks. Keeps the first issue per field, translated to the UI language.
 */
export function zodValidator<V>(schema: z.ZodType): (values: V) => FieldErrors {
  return (values: V) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path && !(path in errors)) errors[path] = translateMessage(issue.message);
    }
    return errors;
  };
}

/** A 400's `issues` as form errors; only fields the form shows are kept. */
export function issuesToFieldErrors(error: unknown, fields: readonly string[]): FieldErrors {
  if (!(error instanceof HttpError) || !error.issues) return {};
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    if (fields.includes(issue.path) && !(issue.path in errors)) {
      errors[issue.path] = translateMessage(issue.message);
    }
  }
  return errors;
}

/** What to tell a person about a failed call: the server's message, else a fallback. */
export function errorText(error: unknown, fallback: string = MESSAGES.someError): string {
  if (error instanceof HttpError && error.message) return translateMessage(error.message);
  return translateMessage(fallback);
}

export function httpStatus(error: unknown): number | null {
  return error instanceof HttpError ? error.status : null;
}
