import type { Readable } from 'node:stream';
import {
  BROADCAST_MESSAGES,
  BROADCAST_TAB_STATUSES,
  type BroadcastCounts,
  type BroadcastList,
  type BroadcastListQuery,
  type BroadcastRecipientList,
  type BroadcastRecipientsQuery,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/principal.js';
import { writeSheet, type SheetFormat } from '../contacts/sheet-writer.js';
import { errorText, toBroadcast, toRecipient } from './presenter.js';
import { broadcastsRepo, type BroadcastRow } from './repo.js';
import {
  countRecipients,
  countRecipientsMany,
  emptyCounts,
  recipientsRepo,
} from './recipients.repo.js';
import { broadcastableTemplate, canSee, templateColumns } from './service.js';

const EXPORT_PAGE = 2000;

function encodeKey(row: BroadcastRow): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');
}

function decodeKey(key: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(key, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw badRequest('Invalid startKey', 'VALIDATION');
  return { createdAt, id };
}

/** The list, the result page's data and the files: what happened to a broadcast. */
export class BroadcastResultsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(principal: Caller, q: BroadcastListQuery): Promise<BroadcastList> {
    const { db } = this.deps;
    const rows = await broadcastsRepo.page(
      db,
      principal.accountId,
      {
        statuses: BROADCAST_TAB_STATUSES[q.tab],
        searchText: q.searchText,
        createdBy: principal.role === 'agent' ? principal.userId : undefined,
      },
      q.perpage + 1,
      q.startKey ? decodeKey(q.startKey) : undefined,
    );
    const page = rows.slice(0, q.perpage);
    const counts = await countRecipientsMany(
      db,
      principal.accountId,
      page.map((r) => r.id),
    );
    const last = page[page.length - 1];
    return {
      data: page.map((r) => toBroadcast(r, counts.get(r.id) ?? emptyCounts())),
      nextKey: rows.length > q.perpage && last ? encodeKey(last) : null,
    };
  }

  /** A broadcast (or draft) the caller may see, or 404. */
  private async visible(principal: Caller, id: string): Promise<BroadcastRow> {
    const row = await broadcastsRepo.find(this.deps.db, principal.accountId, id);
    if (!row || !canSee(principal, row.created_by))
      throw notFound(BROADCAST_MESSAGES.broadcastNotFound);
    return row;
  }

  async counts(principal: Caller, broadcastId: string): Promise<BroadcastCounts> {
    await this.visible(principal, broadcastId);
    return countRecipients(this.deps.db, principal.accountId, broadcastId);
  }

  async recipients(
    principal: Caller,
    q: BroadcastRecipientsQuery,
  ): Promise<BroadcastRecipientList> {
    await this.visible(principal, q.broadcastId);
    const rows = await recipientsRepo.page(
      this.deps.db,
      principal.accountId,
      q.broadcastId,
      q,
      q.perpage + 1,
      q.startKey,
    );
    const page = rows.slice(0, q.perpage);
    const last = page[page.length - 1];
    return {
      data: page.map(toRecipient),
      nextKey: rows.length > q.perpage && last ? String(last.id) : null,
    };
  }

  /** Every recipient's result, streamed page by page (a 100,000-row file never sits in memory). */
  async exportResults(
    principal: Caller,
    id: string,
    format: SheetFormat,
  ): Promise<{ filename: string; body: Readable }> {
    const b = await this.visible(principal, id);
    const { db } = this.deps;
    const columns = await this.columnsOf(principal, b.template_id);
    const params = columns.filter((c) => c.startsWith('param'));
    const hasHeader = columns.includes('header');
    const read = (after?: string) =>
      recipientsRepo.page(db, principal.accountId, id, {}, EXPORT_PAGE, after);
    const first = await read();
    const at = (d: Date | null) => (d ? d.toISOString() : '');
    async function* lines() {
      let rows = first;
      while (rows.length > 0) {
        for (const r of rows)
          yield [
            String(r.row_number),
            r.phone,
            ...params.map((_, i) => r.params[i] ?? ''),
            ...(hasHeader ? [r.header_param ?? ''] : []),
            r.status,
            errorText(r.error) ?? '',
            at(r.sent_at),
            at(r.delivered_at),
            at(r.read_at),
            at(r.failed_at),
            at(r.replied_at),
          ];
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_PAGE || !last) return;
        rows = await read(String(last.id));
      }
    }
    const header = [
      'row',
      'phone',
      ...params,
      ...(hasHeader ? ['header'] : []),
      'status',
      'error',
      'sent_at',
      'delivered_at',
      'read_at',
      'failed_at',
      'replied_at',
    ];
    return {
      filename: `${fileStem(b)}-results.${format}`,
      body: writeSheet(format, header, lines()),
    };
  }

  /**
   * The refused rows as the data had them plus a reason column. jsonb does not keep key order, so
   * the template's columns come first and any extra columns follow alphabetically.
   */
  async rejectedFile(
    principal: Caller,
    id: string,
    format: SheetFormat,
  ): Promise<{ filename: string; body: Readable }> {
    const b = await this.visible(principal, id);
    const rows = await recipientsRepo.rejected(this.deps.db, id);
    const required = await this.columnsOf(principal, b.template_id);
    const extra = new Set<string>();
    for (const r of rows)
      for (const k of Object.keys(r.raw)) if (!required.includes(k)) extra.add(k);
    const columns = [...required, ...[...extra].sort()];
    async function* lines() {
      for (const r of rows)
        yield [String(r.row_number), ...columns.map((c) => r.raw[c] ?? ''), r.reason];
    }
    return {
      filename: `${fileStem(b)}-rejected.${format}`,
      body: writeSheet(format, ['row', ...columns, 'reason'], lines()),
    };
  }

  /** An Excel file with the template's columns and two example rows from its example values. */
  async example(
    principal: Caller,
    templateId: string,
  ): Promise<{ filename: string; body: Readable }> {
    const template = await broadcastableTemplate(this.deps.db, principal.accountId, templateId);
    const columns = templateColumns(template);
    const body = template.examples.body ?? [];
    const samples = [
      { phone: '6281234567890', suffix: '' },
      { phone: '6285712345678', suffix: ' 2' },
    ];
    async function* lines() {
      for (const s of samples)
        yield columns.map((c) => {
          if (c === 'phone') return s.phone;
          if (c === 'header') return `${template.examples.header ?? 'Header'}${s.suffix}`;
          const i = Number(c.slice('param'.length)) - 1;
          return `${body[i] ?? `Value ${i + 1}`}${s.suffix}`;
        });
    }
    return {
      filename: `${template.name}-recipients.xlsx`,
      body: writeSheet('xlsx', columns, lines()),
    };
  }

  private async columnsOf(principal: Caller, templateId: string): Promise<string[]> {
    const t = await broadcastsRepo.findTemplate(this.deps.db, principal.accountId, templateId);
    return t ? templateColumns(t) : ['phone'];
  }
}

/** A file name from the title: letters, digits and dashes only, so no header injection. */
function fileStem(b: BroadcastRow): string {
  const stem = b.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return stem || `broadcast-${b.id.slice(0, 8)}`;
}
