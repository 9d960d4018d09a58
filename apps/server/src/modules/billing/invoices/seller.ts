import { NPWP } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import type { InvoicePartyDb } from '../../../db/schema-money.js';

/**
 * The seller printed on invoices: platform values the operator console edits (migration 0042
 * seeds them). Each invoice keeps a copy, so changing them never rewrites an issued invoice.
 */
export const SELLER_SETTINGS = {
  seller_name: 'PT Sapa Teknologi Indonesia',
  seller_address: 'Jakarta, Indonesia',
  seller_npwp: '',
  seller_email: '',
} as const;
export type SellerSettingKey = keyof typeof SELLER_SETTINGS;

export function isSellerSettingKey(key: string): key is SellerSettingKey {
  return Object.hasOwn(SELLER_SETTINGS, key);
}

/** Why a seller value cannot be stored, or null; for the operator console's validation. */
export function sellerSettingError(key: SellerSettingKey, value: string): string | null {
  const v = value.trim();
  if (key === 'seller_name' && v === '') return 'The seller name may not be empty';
  if (key === 'seller_npwp' && v !== '' && !NPWP.test(v)) return 'NPWP must be 16 digits';
  if (key === 'seller_email' && v !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v))
    return 'The value is not a valid email address';
  return null;
}

/** The seller as it stands now; a missing or blank name falls back to the default. */
export async function readSeller(db: Db): Promise<InvoicePartyDb> {
  const rows = await db
    .selectFrom('platform_settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.keys(SELLER_SETTINGS))
    .execute();
  const value = (key: SellerSettingKey): string => {
    const stored = rows.find((r) => r.key === key)?.value.trim();
    return stored === undefined ? SELLER_SETTINGS[key] : stored;
  };
  return {
    name: value('seller_name') || SELLER_SETTINGS.seller_name,
    address: value('seller_address'),
    npwp: value('seller_npwp') || null,
    email: value('seller_email') || null,
  };
}
