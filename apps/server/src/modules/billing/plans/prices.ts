import type { Product } from '@sapa/contracts';
import { z } from 'zod';
import type { BillingPeriod, ProductRow } from './repo.js';

/**
 * `billPrices`: an account's own plan prices, set by the platform (back office), as JSON keyed by
 * plan code: `{"growth": {"monthly": 699000, "yearly": 6990000}}`. A plan or period it does not
 * name sells at the catalogue price.
 */
export type BillPrices = Record<string, { monthly?: number; yearly?: number }>;

const price = z.number().int().positive().max(1_000_000_000);
export const billPricesSchema = z.record(
  z.string(),
  z.object({ monthly: price.optional(), yearly: price.optional() }).strict(),
);

/** A stored value the schema refuses sells at catalogue prices rather than failing a purchase. */
export function parseBillPrices(raw: string | null | undefined): BillPrices {
  if (!raw) return {};
  try {
    const parsed = billPricesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** What the plan costs this account for one period, whole rupiah before PPN. */
export function planPrice(
  product: ProductRow,
  period: BillingPeriod,
  overrides: BillPrices,
): number {
  const own = overrides[product.code]?.[period];
  if (own !== undefined) return own;
  return Math.round(Number(period === 'yearly' ? product.yearly_price : product.price));
}

export function presentProduct(row: ProductRow, overrides: BillPrices = {}): Product {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: planPrice(row, 'monthly', overrides),
    yearlyPrice: planPrice(row, 'yearly', overrides),
    billingPeriod: row.billing_period,
    agentLimit: row.agent_limit,
    features: row.features,
    trialDays: row.trial_days,
  };
}
