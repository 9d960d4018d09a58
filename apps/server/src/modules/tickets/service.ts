import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  MESSAGES,
  TICKET_CSV_COLUMNS,
  type Ticket,
  type TicketExportQuery,
  type TicketListQuery,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Caller } from '../auth/principal.js';
import { chatVisibleTo } from '../conversations/index.js';
import { ticketsRepo, type TicketFilter, type TicketPageKey, type TicketRow } from './repo.js';

/** Rows per query while exporting: bounded memory whatever the number of tickets. */
const EXPORT_PAGE = 1_000;

const encodeKey = (k: TicketPageKey) => Buffer.from(`${k.openAt}|${k.id}`).toString('base64url');
const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function decodeKey(key: string): TicketPageKey {
  const [openAt, id, ...rest] = Buffer.from(key, 'base64url').toString('utf8').split('|');
  if (!openAt || !KEY_TIME.test(openAt) || !id || !KEY_ID.test(id) || rest.length > 0)
    throw badRequest('Invalid startKey', 'INVALID_START_KEY');
  return { openAt, id };
}

const person = (id: string | null, name: string | null) =>
  id ? { _id: id, name: name ?? '' } : null;

function present(row: TicketRow): Ticket {
  return {
    _id: row.id,
    chatId: row.chat_id,
    name: row.name || row.identifier,
    identifier: row.identifier,
    channel: row.channel,
    status: row.close_at ? 'closed' : 'open',
    agent: person(row.agent_id, row.agent_name),
    resolvedBy: person(row.resolved_by, row.resolved_by_name),
    openAt: row.open_at.toISOString(),
    answerAt: row.answer_at?.toISOString() ?? null,
    closeAt: row.close_at?.toISOString() ?? null,
    firstResponseSeconds: row.first_response_seconds,
  };
}

/** Wall-clock time in the account's zone, as spreadsheets read it: 2026-01-15 10:00:00. */
function localTime(timezone: string): (d: Date | null) => string {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (d) => (d ? format.format(d) : '');
}

/** Ticket list, one ticket and the CSV export; every read limited to chats the caller may see. */
export class TicketsService {
  constructor(private readonly deps: Deps) {}

  async list(
    principal: Caller,
    q: TicketListQuery,
  ): Promise<{ data: Ticket[]; nextKey: string | null }> {
    const after = q.startKey ? decodeKey(q.startKey) : undefined;
    const { filter } = await this.filterOf(principal, q);
    const rows = await ticketsRepo.page(
      this.deps.db,
      principal.accountId,
      chatVisibleTo(viewerOf(principal)),
      filter,
      q.perpage + 1,
      after,
    );
    const page = rows.slice(0, q.perpage);
    const last = page[page.length - 1];
    return {
      data: page.map(present),
      nextKey:
        rows.length > q.perpage && last ? encodeKey({ openAt: last.open_key, id: last.id }) : null,
    };
  }

  async get(principal: Caller, id: string): Promise<Ticket> {
    const row = await ticketsRepo.one(
      this.deps.db,
      principal.accountId,
      chatVisibleTo(viewerOf(principal)),
      id,
    );
    if (!row) throw notFound(MESSAGES.ticketNotFound);
    return present(row);
  }

  /**
   * Every matching ticket as CSV, newest first, read page by page while the answer streams.
   * The first page is read before anything is sent, so a failing query is still a clean error.
   * Times are wall-clock in the account's zone; cells that a spreadsheet would run as a formula
   * (a customer may name themselves "=HYPERLINK(...)") are escaped.
   */
  async exportCsv(
    principal: Caller,
    q: TicketExportQuery,
  ): Promise<{ filename: string; body: Readable }> {
    const { filter, timezone } = await this.filterOf(principal, q);
    const visible = chatVisibleTo(viewerOf(principal));
    const { db } = this.deps;
    const page = (after?: TicketPageKey) =>
      ticketsRepo.page(db, principal.accountId, visible, filter, EXPORT_PAGE, after);
    const first = await page();
    const time = localTime(timezone);
    const line = (t: TicketRow) => [
      t.id,
      t.chat_id,
      t.name || t.identifier,
      t.identifier,
      t.channel,
      t.close_at ? 'closed' : 'open',
      t.agent_name ?? '',
      t.resolved_by_name ?? '',
      time(t.open_at),
      time(t.answer_at),
      time(t.close_at),
      t.first_response_seconds ?? '',
    ];
    async function* lines() {
      let rows = first;
      while (rows.length > 0) {
        for (const row of rows) yield line(row);
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_PAGE || !last) return;
        rows = await page({ openAt: last.open_key, id: last.id });
      }
    }
    const csv = stringify({
      bom: true,
      header: true,
      columns: [...TICKET_CSV_COLUMNS],
      escape_formulas: true,
    });
    const source = Readable.from(lines());
    source.on('error', (err) => csv.destroy(err));
    source.pipe(csv);
    const today = localTime(timezone)(this.deps.clock.now()).slice(0, 10);
    return { filename: `tickets-${today}.csv`, body: csv };
  }

  private async filterOf(
    principal: Caller,
    q: TicketExportQuery,
  ): Promise<{ filter: TicketFilter; timezone: string }> {
    if (q.from && q.to && q.from > q.to)
      throw badRequest('The from date must not be after the to date', 'VALIDATION', [
        { path: 'from', message: 'The from date must not be after the to date' },
      ]);
    const range = await ticketsRepo.dayRange(this.deps.db, principal.accountId, q.from, q.to);
    const { timezone, ...instants } = range;
    return { filter: { ...q, ...instants }, timezone };
  }
}
