import type { SettingKey, UsagePrices } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import { settingFallback } from '../../settings/catalog.js';

/**
 * Every price an account pays and its minimum balance, from its settings with one fallback table:
 * the settings catalog's platform defaults. Nothing else in the server reads these keys.
 */
export interface Prices extends UsagePrices {
  minimumBalance: number;
}

const KEYS = {
  userInitiatePrice: 'bo.userInitiatePrice',
  businessInitiatePrice: 'bo.businessInitiatePrice',
  mauPrice: 'mauPrice',
  minimumBalance: 'bo.minimumBalance',
} as const satisfies Record<keyof Prices, SettingKey>;

export const PRICE_KEYS: SettingKey[] = Object.values(KEYS);

/** A price in rupiah to the cent; null when the text is not a non-negative number. */
function parsePrice(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
}

/**
 * The prices from stored values. A missing or malformed value (the console refuses those, but a
 * row written by hand may hold one) takes the platform default rather than a different fallback
 * per caller.
 */
export function pricesOf(stored: ReadonlyMap<string, string | null>): Prices {
  const read = (key: SettingKey) =>
    parsePrice(stored.get(key)) ?? parsePrice(settingFallback(key)) ?? 0;
  return {
    userInitiatePrice: read(KEYS.userInitiatePrice),
    businessInitiatePrice: read(KEYS.businessInitiatePrice),
    mauPrice: read(KEYS.mauPrice),
    minimumBalance: read(KEYS.minimumBalance),
  };
}

/** The account's prices (one indexed read of its four price keys). */
export async function prices(db: Db, accountId: string): Promise<Prices> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('account_id', '=', accountId)
    .where('key', 'in', PRICE_KEYS)
    .execute();
  return pricesOf(new Map(rows.map((r) => [r.key, r.value])));
}

/** Whole cents, so sums of many charges stay exact. */
export const toCents = (rupiah: number): number => Math.round(rupiah * 100);
