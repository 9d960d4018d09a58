import type { Readable } from 'node:stream';
import { ledgerReference, MESSAGES, SALDO_PDF_MAX_ENTRIES, type LedgerKind } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { badRequest, unauthorized } from '../../../http/errors.js';
import type { SheetFormat } from '../../contacts/sheet-writer.js';
import { toEntry, type LedgerEntry } from '../ledger.js';
import { sheetTime } from './format.js';
import type { StatementLanguage } from './labels.js';
import { historyRepo, type HistoryAccount, type HistoryFilter } from './repo.js';
import { writeLedgerSheet } from './sheet.js';
import { renderStatement } from './statement-pdf.js';

/** The filters every history read takes (validated by the contracts' query schemas). */
export interface HistoryQuery {
  kind?: LedgerKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const EXPORT_BATCH = 1_000;
export const SHEET_COLUMNS = [
  'date',
  'kind',
  'description',
  'reference',
  'amount',
  'balance',
] as const;

/**
 * The balance history as people read it: filtered pages for the screen, a spreadsheet and a PDF
 * statement. Days are the account's (its time zone); entries are newest first.
 */
export class LedgerHistoryService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  private async scope(
    accountId: string,
    q: HistoryQuery,
  ): Promise<{ account: HistoryAccount; filter: HistoryFilter }> {
    const account = await historyRepo.account(this.deps.db, accountId, q.from, q.to);
    // The principal was loaded from this account a moment ago; gone means it was just deleted.
    if (!account) throw unauthorized(MESSAGES.sessionExpired, 'ACCOUNT_GONE');
    return {
      account,
      filter: {
        kind: q.kind,
        fromInstant: account.fromInstant,
        toInstantExclusive: account.toInstantExclusive,
      },
    };
  }

  async page(
    accountId: string,
    q: HistoryQuery & { page: number; perpage: number },
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const { filter } = await this.scope(accountId, q);
    const { rows, total } = await historyRepo.page(
      this.deps.db,
      accountId,
      filter,
      q.page,
      q.perpage,
    );
    return { entries: rows.map(toEntry), total };
  }

  /** "saldo-history-2026-01-01_2026-01-31" (or the day it was made, without a range). */
  private filename(account: HistoryAccount, q: HistoryQuery, ext: string): string {
    const today = sheetTime(account.timezone)(this.deps.clock.now()).slice(0, 10);
    const range = q.from || q.to ? `${q.from ?? 'start'}_${q.to ?? today}` : today;
    return `saldo-history${q.kind ? `-${q.kind}` : ''}-${range}.${ext}`;
  }

  /**
   * Every matching entry, newest first, read in batches while the answer streams. The first batch
   * is read before anything is sent, so a failing query is still a clean error.
   */
  async sheet(
    accountId: string,
    q: HistoryQuery,
    format: SheetFormat,
  ): Promise<{ filename: string; body: Readable }> {
    const { account, filter } = await this.scope(accountId, q);
    const { db } = this.deps;
    const time = sheetTime(account.timezone);
    const batch = (beforeId: number | null) =>
      historyRepo.batch(db, accountId, filter, beforeId, EXPORT_BATCH);
    const first = await batch(null);
    async function* rows() {
      let rows = first;
      while (rows.length > 0) {
        for (const row of rows) {
          const e = toEntry(row);
          yield [
            time(e.createdAt),
            e.kind,
            e.description,
            ledgerReference(e.orderId) ?? '',
            e.amount,
            e.balanceAfter,
          ];
        }
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_BATCH || !last) return;
        rows = await batch(Number(last.id));
      }
    }
    return {
      filename: this.filename(account, q, format),
      body: writeLedgerSheet(format, SHEET_COLUMNS, rows()),
    };
  }

  /**
   * The statement: opening and closing balance of the period (whatever the kind filter), money in
   * and out of the matching entries, and each entry. Refused with a 400 past
   * SALDO_PDF_MAX_ENTRIES: a longer period is a spreadsheet's job.
   */
  async statement(
    caller: { accountId: string; userId: string },
    q: HistoryQuery,
    asked: StatementLanguage | undefined,
  ): Promise<{ filename: string; body: Buffer }> {
    const { accountId } = caller;
    const { account, filter } = await this.scope(accountId, q);
    const { db } = this.deps;
    const lang = asked ?? (await historyRepo.languageOf(db, accountId, caller.userId));
    const totals = await historyRepo.totals(db, accountId, filter);
    if (totals.count > SALDO_PDF_MAX_ENTRIES)
      throw badRequest(MESSAGES.saldoPdfTooLong, 'STATEMENT_TOO_LONG');
    const [rows, opening, closing] = await Promise.all([
      historyRepo.batch(db, accountId, filter, null, SALDO_PDF_MAX_ENTRIES),
      account.fromInstant ? historyRepo.balanceAt(db, accountId, account.fromInstant) : 0,
      historyRepo.balanceAt(db, accountId, account.toInstantExclusive),
    ]);
    const body = await renderStatement({
      lang,
      accountName: account.name,
      timeZone: account.timezone,
      from: q.from,
      to: q.to,
      kind: q.kind,
      generatedAt: this.deps.clock.now(),
      opening,
      closing,
      moneyIn: totals.credits,
      moneyOut: totals.debits,
      entries: rows.map(toEntry),
    });
    return { filename: this.filename(account, q, 'pdf'), body };
  }
}
