import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LedgerKind, saldoEntrySchema } from '@sapa/contracts';
import { useSession } from '../../app/session';
import { dayKey } from '../../lib/datetime';
import { fetchFile, saveBlob } from '../../lib/download';
import { api } from '../../lib/http';
import type { Balance } from '../../lib/storage';
import { billingKeys } from './cache';

export type SaldoEntry = z.infer<typeof saldoEntrySchema>;

/** The ledger's filters as the screen holds them: null is "any". Days are YYYY-MM-DD. */
export interface LedgerFilter {
  kind: LedgerKind | null;
  from: string | null;
  to: string | null;
}

export const NO_LEDGER_FILTER: LedgerFilter = { kind: null, from: null, to: null };

function params(filter: LedgerFilter) {
  return { kind: filter.kind, from: filter.from, to: filter.to };
}

/**
 * The balance and the last top-up's order. The session's copy shows at once; the server's answer
 * replaces it, and `balance.updated` keeps it live (socketEvents.ts).
 */
export function useBalance() {
  const { balance } = useSession();
  return useQuery({
    queryKey: billingKeys.balance,
    queryFn: () => api.get<Balance>('/topup/last-saldo-history'),
    placeholderData: balance ?? undefined,
  });
}

export function useSaldoHistory(filter: LedgerFilter, page: number, perpage: number) {
  return useQuery({
    queryKey: [...billingKeys.ledger, filter, page, perpage],
    queryFn: () =>
      api.get<{ data: SaldoEntry[]; meta: { total: number; page: number; perpage: number } }>(
        '/topup/saldo-history',
        { params: { ...params(filter), page, perpage } },
      ),
    placeholderData: keepPreviousData,
  });
}

/** "saldo-history-topup-2026-01-01_2026-01-31.pdf", as the server names it. */
function filename(filter: LedgerFilter, ext: string): string {
  const today = dayKey(Date.now());
  const range =
    filter.from || filter.to ? `${filter.from ?? 'start'}_${filter.to ?? today}` : today;
  return `saldo-history${filter.kind ? `-${filter.kind}` : ''}-${range}.${ext}`;
}

/** The filtered ledger as a PDF statement, in the page's language. */
export async function downloadStatement(filter: LedgerFilter, lang: 'en' | 'id'): Promise<void> {
  const blob = await fetchFile('topup/saldo-history-pdf', { ...params(filter), lang }, 'pdf');
  saveBlob(blob, filename(filter, 'pdf'));
}

/** The filtered ledger as a spreadsheet. */
export async function downloadLedgerSheet(
  filter: LedgerFilter,
  format: 'csv' | 'xlsx',
): Promise<void> {
  const blob = await fetchFile('topup/saldo-history-export', { ...params(filter), format }, format);
  saveBlob(blob, filename(filter, format));
}

/** A paid order's invoice as PDF, in the page's language. */
export async function downloadInvoice(invoiceId: string, orderId: string, lang: 'en' | 'id') {
  const blob = await fetchFile(`billing/${encodeURIComponent(invoiceId)}/pdf`, { lang }, 'pdf');
  saveBlob(blob, `invoice-${orderId}.pdf`);
}
