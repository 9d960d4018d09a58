import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { SHEET_CONTENT_TYPES, type SheetFormat } from '../modules/contacts/sheet-writer.js';

/** A spreadsheet export as an attachment, never cached (it holds the account's data). */
export function sendSheet(
  reply: FastifyReply,
  format: SheetFormat,
  file: { filename: string; body: Readable },
) {
  return reply
    .header('content-type', SHEET_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
