import { MESSAGES } from '@sapa/contracts';
import { AppError, badRequest } from '../../http/errors.js';

type SheetLimitKey =
  | 'sheetTooManyColumns'
  | 'sheetTooManyCells'
  | 'sheetCellTooLong'
  | 'sheetRowTooLong'
  | 'sheetTooMuchText'
  | 'sheetUnpackedTooLarge'
  | 'sheetTooManyParts'
  | 'sheetXmlTooDeep'
  | 'sheetXmlTooLong';

/** A file that is not a CSV or XLSX we can read (broken zip, not a workbook, bad UTF-8…). */
export const unreadable = (): AppError =>
  badRequest(MESSAGES.importFileUnreadable, 'IMPORT_FILE_UNREADABLE');

/** A file that passed one of SHEET_LIMITS; the message names which. */
export const overLimit = (key: SheetLimitKey): AppError => badRequest(MESSAGES[key], 'SHEET_LIMIT');

/** Our own refusals pass through; anything a parser threw means the file is unreadable. */
export function asRefusal(error: unknown): AppError {
  return error instanceof AppError ? error : unreadable();
}
