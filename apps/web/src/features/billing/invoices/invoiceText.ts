import type { TFunction } from 'i18next';
import { INVOICE_TIME_ZONE, PPN_STATUTORY_RATE, type InvoiceItem } from '@sapa/contracts';
import { formatDate, formatLongDate } from '../../../lib/datetime';
import type { Language } from '../../../lib/i18n';

/** Invoice dates are the seller's calendar days (Asia/Jakarta), as on the PDF. */
export function invoiceDate(value: string, lng: Language): string {
  return formatLongDate(value, { lng, timeZone: INVOICE_TIME_ZONE });
}

export function invoiceShortDate(value: string, lng: Language): string {
  return formatDate(value, { lng, timeZone: INVOICE_TIME_ZONE });
}

/** "Growth plan, monthly, 15 Jan 2026 – 15 Feb 2026" in the reader's language. */
export function lineText(item: InvoiceItem, t: TFunction<'invoices'>, lng: Language): string {
  if (item.kind === 'topup') return t('line.topup');
  const parts = [
    t(item.orderType === 'renewal' ? 'line.renewal' : 'line.plan', { plan: item.plan }),
    t(`line.${item.billingPeriod}`),
  ];
  if (item.periodStart && item.periodEnd)
    parts.push(
      `${invoiceShortDate(item.periodStart, lng)} – ${invoiceShortDate(item.periodEnd, lng)}`,
    );
  return parts.join(', ');
}

/** "11/12" for the 11 % effective rate; none when PPN is on the whole price, or nil. */
export function taxBaseFraction(ppnRate: number): string {
  if (ppnRate <= 0 || ppnRate >= PPN_STATUTORY_RATE) return '';
  return `${String(ppnRate).replace('.', ',')}/${PPN_STATUTORY_RATE}`;
}

/** The statutory PPN rate printed beside the tax (12 %), or 0 when none was charged. */
export function ppnLabelRate(ppnRate: number): number {
  return ppnRate > 0 ? PPN_STATUTORY_RATE : 0;
}
