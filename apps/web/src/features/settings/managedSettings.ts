import { formatCurrency, formatNumber } from '@sapa/contracts';
import { formatDate } from '../../lib/format';

type Kind = 'currency' | 'percent' | 'date' | 'flag' | 'count' | 'period';

/** Platform-set values an account can read but not change, in the order people look for them. */
export const MANAGED_KEYS: readonly { key: string; kind: Kind }[] = [
  { key: 'bo.billing_period', kind: 'period' },
  { key: 'bo.due_date', kind: 'date' },
  { key: 'bo.onboardingDate', kind: 'date' },
  { key: 'bo.minimumBalance', kind: 'currency' },
  { key: 'bo.ppn', kind: 'percent' },
  { key: 'bo.userInitiatePrice', kind: 'currency' },
  { key: 'bo.businessInitiatePrice', kind: 'currency' },
  { key: 'mauPrice', kind: 'currency' },
  { key: 'rental_cost', kind: 'currency' },
  { key: 'payment_tolerant_in_day', kind: 'count' },
  { key: 'bo.wabaChannelLimit', kind: 'count' },
  { key: 'bo.igChannelLimit', kind: 'count' },
  { key: 'bo.messengerChannelLimit', kind: 'count' },
  { key: 'bo.broadcast_limit', kind: 'count' },
  { key: 'bo.messageHistory', kind: 'flag' },
  { key: 'bo.isCsat', kind: 'flag' },
  { key: 'bo.ticket_report', kind: 'flag' },
  { key: 'bo.enableGreetingAssignment', kind: 'flag' },
  { key: 'bo.enableDivisionAssignment', kind: 'flag' },
  { key: 'bo.api_only', kind: 'flag' },
];

export interface ManagedRow {
  key: string;
  /** Already formatted; `labelKey` when the value itself needs translating. */
  value: string | null;
  labelKey: string | null;
}

/**
 * Formats one stored value for people: rupiah with dot thousands, percentages, dates, on/off.
 * A value that does not parse as its kind is shown raw rather than hidden or guessed at.
 */
export function formatManaged(kind: Kind, raw: string): Omit<ManagedRow, 'key'> {
  const number = Number(raw);
  const numeric = raw.trim() !== '' && Number.isFinite(number);
  switch (kind) {
    case 'currency':
      return { value: numeric ? formatCurrency(number) : raw, labelKey: null };
    case 'percent':
      return {
        value: numeric ? `${formatNumber(number, Number.isInteger(number) ? 0 : 2)}%` : raw,
        labelKey: null,
      };
    case 'count':
      return { value: numeric ? formatNumber(number) : raw, labelKey: null };
    case 'date':
      return { value: formatDate(raw) || raw, labelKey: null };
    case 'flag':
      if (raw === 'true') return { value: null, labelKey: 'managed.yes' };
      if (raw === 'false') return { value: null, labelKey: 'managed.no' };
      return { value: raw, labelKey: null };
    case 'period':
      if (raw === 'monthly' || raw === 'yearly')
        return { value: null, labelKey: `managed.periods.${raw}` };
      return { value: raw, labelKey: null };
  }
}

export function managedRows(settings: Readonly<Record<string, string | null>>): ManagedRow[] {
  const rows: ManagedRow[] = [];
  for (const { key, kind } of MANAGED_KEYS) {
    const raw = settings[key];
    if (raw === null || raw === undefined || raw === '') continue;
    rows.push({ key, ...formatManaged(kind, raw) });
  }
  return rows;
}
