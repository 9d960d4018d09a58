import { formatCurrency, formatNumber } from '@sapa/contracts';
import type { TFunction } from 'i18next';
import { monthNames } from '../../lib/datetime';
import type { Language } from '../../lib/i18n';

/**
 * How the reports write their figures: durations as a person says them ("4 min 12 s", "1 h 5
 * min", "2 d 3 h": two units at most), money to the rupiah as the ledger keeps it, changes
 * against the previous period as a signed percentage.
 */
export function formatDuration(seconds: number | null | undefined, t: TFunction): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('reports:units.s', { s });
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const rest = s % 60;
    return rest ? t('reports:units.ms', { m, s: rest }) : t('reports:units.m', { m });
  }
  if (s < 86_400) {
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return m ? t('reports:units.hm', { h, m }) : t('reports:units.h', { h });
  }
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  return h ? t('reports:units.dh', { d, h }) : t('reports:units.d', { d });
}

/** Rupiah; the ledger keeps cents, so a fractional amount shows them rather than rounding. */
export function formatMoney(value: number): string {
  if (Number.isInteger(value)) return formatCurrency(value);
  return `${value < 0 ? '-' : ''}Rp ${formatNumber(Math.abs(value), 2)}`;
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatNumber(value);
}

/** A rating average (1–5) with one decimal. */
export function formatRating(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatNumber(value, 1);
}

/** A share (0–1) as "42,5 %". */
export function formatShare(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${formatNumber(value * 100, 1)} %`;
}

export type Trend = 'up' | 'down' | 'flat';

/** The change from the previous period, or null when there is nothing to compare with. */
export function change(
  current: number | null | undefined,
  previous: number | null | undefined,
): { ratio: number | null; trend: Trend } | null {
  if (current === null || current === undefined || previous === null || previous === undefined)
    return null;
  if (current === previous) return { ratio: 0, trend: 'flat' };
  const trend: Trend = current > previous ? 'up' : 'down';
  return { ratio: previous === 0 ? null : (current - previous) / previous, trend };
}

/** "+12 %", "−8 %", or "new" when the previous period had none. */
export function formatChange(delta: NonNullable<ReturnType<typeof change>>, t: TFunction): string {
  if (delta.ratio === null) return t('reports:compare.fromZero');
  const pct = Math.round(Math.abs(delta.ratio) * 100);
  if (pct === 0) return t('reports:compare.same');
  return `${delta.trend === 'up' ? '+' : '−'}${formatNumber(pct)} %`;
}

/** A day of a series on an axis: "25 Nov" / "25 Des". */
export function shortDay(day: string, lng: Language): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${monthNames(lng, 'short')[month - 1] ?? ''}`;
}

/** A range as a heading says it: "19 – 25 Nov 2026", "28 Okt – 3 Nov 2026". */
export function rangeLabel(from: string, to: string, lng: Language): string {
  const year = (d: string) => d.slice(0, 4);
  const long = (d: string) => `${shortDay(d, lng)} ${year(d)}`;
  if (from === to) return long(to);
  if (year(from) !== year(to)) return `${long(from)} – ${long(to)}`;
  if (from.slice(0, 7) === to.slice(0, 7)) return `${Number(from.slice(8))} – ${long(to)}`;
  return `${shortDay(from, lng)} – ${long(to)}`;
}
