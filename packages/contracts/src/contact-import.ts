import { z } from 'zod';
import { CONTACT_EXPORT_FORMATS, type contactExportQuerySchema } from './contacts.js';

/**
 * Import/export limits, the rejected-rows download's parameters and the reasons a row or a value
 * is refused (shown next to the row in the preview; the web translates them by these strings).
 */
export const CONTACT_IMPORT_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  /** A preview waits this long for its commit. */
  previewHours: 24,
} as const;

export const CONTACT_REASONS = {
  phoneEmpty: 'The phone number is empty',
  emailInvalid: 'The value is not a valid email address',
  unknownLabel: 'Unknown label: {name}',
  unknownAttribute: 'Unknown attribute: {key}',
  attributeNumber: '{key} must be a number',
  attributeDate: '{key} must be a date (YYYY-MM-DD)',
  attributeBoolean: '{key} must be true or false',
  tooManyRows: 'The file may not have more than {max} rows',
  fileTooLarge: 'The file may not be larger than 10 MB',
  attributeNotFound: 'Attribute not found',
} as const;

export const contactImportIdParamsSchema = z.object({ importId: z.uuid() });
export const contactImportRejectedQuerySchema = z.object({
  format: z.enum(CONTACT_EXPORT_FORMATS).default('csv'),
});

export type ContactExportQuery = z.infer<typeof contactExportQuerySchema>;
