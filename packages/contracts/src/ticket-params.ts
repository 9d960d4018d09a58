import { z } from 'zod';
import { idField } from './fields.js';
import { ticketListQuerySchema } from './inbox.js';

/** Route parameters and the CSV export of tickets and quick replies (issue 4). */

export const ticketIdParamsSchema = z.object({ id: idField });
export const quickReplyIdParamsSchema = z.object({ id: idField });

/** `GET /ticket/export`: the list's filters, every matching ticket (no paging). */
export const ticketExportQuerySchema = ticketListQuerySchema.omit({
  perpage: true,
  startKey: true,
});
export type TicketExportQuery = z.infer<typeof ticketExportQuerySchema>;

/** Header row of the ticket CSV, in column order (the same fields as the list). */
export const TICKET_CSV_COLUMNS = [
  'Ticket ID',
  'Chat ID',
  'Name',
  'Identifier',
  'Channel',
  'Status',
  'Agent',
  'Resolved by',
  'Open at',
  'Answer at',
  'Close at',
  'First response (seconds)',
] as const;
