import { INVOICE_TIME_ZONE, type InvoiceItem, type OrderType } from '@sapa/contracts';
import type { InvoiceLineDb } from '../../../db/schema-money.js';

export type InvoiceLanguage = 'en' | 'id';

const LOCALE: Record<InvoiceLanguage, string> = { en: 'en-GB', id: 'id-ID' };

/** The calendar year of an instant in the seller's zone: 17:30 UTC on 31 December is next year. */
export function invoiceYear(at: Date): number {
  const year = new Intl.DateTimeFormat('en-US', { timeZone: INVOICE_TIME_ZONE, year: 'numeric' })
    .formatToParts(at)
    .find((p) => p.type === 'year')?.value;
  return Number(year);
}

/** "15 January 2026" / "15 Januari 2026", on the seller's calendar. */
export function invoiceDate(at: Date | string, lang: InvoiceLanguage): string {
  return new Date(at).toLocaleDateString(LOCALE[lang], {
    timeZone: INVOICE_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "15 Jan 2026": for periods, where two dates share a line. */
export function invoiceShortDate(at: Date | string, lang: InvoiceLanguage): string {
  return new Date(at).toLocaleDateString(LOCALE[lang], {
    timeZone: INVOICE_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

const LINE_TEXT: Record<
  InvoiceLanguage,
  {
    topup: string;
    plan: (plan: string, renewal: boolean) => string;
    period: Record<'monthly' | 'yearly', string>;
  }
> = {
  en: {
    topup: 'Saldo top-up',
    plan: (plan, renewal) => (renewal ? `${plan} plan renewal` : `${plan} plan`),
    period: { monthly: 'monthly', yearly: 'yearly' },
  },
  id: {
    topup: 'Isi ulang saldo',
    plan: (plan, renewal) => (renewal ? `Perpanjangan paket ${plan}` : `Paket ${plan}`),
    period: { monthly: 'bulanan', yearly: 'tahunan' },
  },
};

/** How a line reads in one language: "Pro plan, monthly, 15 Jan 2026 – 15 Feb 2026". */
export function describeItem(item: InvoiceItem, lang: InvoiceLanguage): string {
  const text = LINE_TEXT[lang];
  if (item.kind === 'topup') return text.topup;
  const parts = [
    text.plan(item.plan, item.orderType === 'renewal'),
    text.period[item.billingPeriod],
  ];
  if (item.periodStart && item.periodEnd)
    parts.push(
      `${invoiceShortDate(item.periodStart, lang)} – ${invoiceShortDate(item.periodEnd, lang)}`,
    );
  return parts.join(', ');
}

export interface OrderForLines {
  type: OrderType;
  amount: number;
  productName: string | null;
  billingPeriod: 'monthly' | 'yearly' | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** One line per order: the top-up amount, or the plan for its period; prices before PPN. */
export function linesOf(order: OrderForLines): InvoiceLineDb[] {
  let item: InvoiceItem;
  if (order.type === 'topup') item = { kind: 'topup' };
  else {
    // The orders table requires a plan order's product; a missing period is a bug upstream, and
    // guessing one would print a wrong invoice that cannot be withdrawn.
    if (!order.productName || !order.billingPeriod)
      throw new Error(`plan order without its plan or billing period`);
    item = {
      kind: 'plan',
      orderType: order.type,
      plan: order.productName,
      billingPeriod: order.billingPeriod,
      periodStart: order.periodStart?.toISOString() ?? null,
      periodEnd: order.periodEnd?.toISOString() ?? null,
    };
  }
  return [
    {
      description: describeItem(item, 'en'),
      quantity: 1,
      unitPrice: order.amount,
      amount: order.amount,
      item,
    },
  ];
}
