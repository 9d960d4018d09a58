import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invoicePdfFilename,
  ORDER_UPDATED_EVENT,
  type BillingProfile,
  type Invoice,
} from '@sapa/contracts';
import { fetchFile, saveBlob } from '../../../lib/download';
import { api } from '../../../lib/http';
import { onServerEvent } from '../../../lib/socket';

export interface InvoiceList {
  data: Invoice[];
  meta: { total: number; page: number; perpage: number };
}

export type BillingProfileBody = {
  companyName: string;
  address: string;
  npwp: string | null;
  email: string | null;
  lowBalanceThreshold: number | null;
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (page: number, perpage: number, year: number | null) =>
    ['invoices', 'list', { page, perpage, year }] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
  profile: ['invoices', 'profile'] as const,
};

export function useInvoices(page: number, perpage: number, year: number | null) {
  return useQuery({
    queryKey: invoiceKeys.list(page, perpage, year),
    queryFn: () => api.get<InvoiceList>('/billing', { params: { page, perpage, year } }),
    placeholderData: (previous) => previous,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: () => api.get<Invoice>(`/billing/${encodeURIComponent(id)}`),
    // A missing or foreign invoice is an answer, not a hiccup to retry.
    retry: false,
  });
}

export function useBillingProfile() {
  return useQuery({
    queryKey: invoiceKeys.profile,
    queryFn: () => api.get<BillingProfile>('/billing/profile'),
  });
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileBody) => api.put<BillingProfile>('/billing/profile', { body }),
    onSuccess: (saved) => queryClient.setQueryData(invoiceKeys.profile, saved),
  });
}

/** Saves the invoice's PDF, in `lang`, under the invoice's own number. */
export async function downloadInvoicePdf(invoice: Invoice, lang: 'en' | 'id'): Promise<void> {
  const blob = await fetchFile(`/billing/${invoice._id}/pdf`, { lang }, 'pdf');
  saveBlob(blob, invoicePdfFilename(invoice.number));
}

/**
 * A paid order's invoice is issued a moment after the payment (a job): `order.updated` with an
 * invoice id, or a refund, refreshes the lists and pages showing invoices.
 */
export function useInvoiceUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onServerEvent(ORDER_UPDATED_EVENT, (payload) => {
        const order = payload as { invoiceId?: unknown } | null;
        if (order && typeof order.invoiceId === 'string')
          void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      }),
    [queryClient],
  );
}
