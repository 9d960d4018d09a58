import { notifyError } from '../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, type FieldErrors } from './forms';

interface SaveErrorOptions {
  /** The fields the form shows; server issues about others are only toasted. */
  fields: readonly string[];
  /** The field a 409 (a duplicate name) is about. */
  conflictField?: string;
}

/**
 * What a failed save shows: the server's field issues under their fields, a duplicate (409)
 * under the name field, and the message as a toast. Returns the field errors to set.
 */
export function saveErrors(
  error: unknown,
  { fields, conflictField }: SaveErrorOptions,
): FieldErrors {
  const fieldErrors = issuesToFieldErrors(error, fields);
  if (conflictField && httpStatus(error) === 409) fieldErrors[conflictField] = errorText(error);
  notifyError(errorText(error));
  return fieldErrors;
}
