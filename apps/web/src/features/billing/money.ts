import {
  PPN_DEFAULT_EFFECTIVE_RATE,
  PPN_STATUTORY_RATE,
  TOPUP_LIMITS,
  type BillingPeriod,
  type Product,
} from '@sapa/contracts';

/**
 * `topupPrices` (a JSON list of rupiah, the platform's or the account's): the presets a custom
 * amount could also choose, in order, once each. Anything else in the list is left out.
 */
export function topupPresets(raw: string | null | undefined): number[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const amounts = parsed
    .map((value) => (typeof value === 'string' ? Number(value) : value))
    .filter(
      (value): value is number =>
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        value >= TOPUP_LIMITS.min &&
        value <= TOPUP_LIMITS.max,
    );
  return [...new Set(amounts)].sort((a, b) => a - b);
}

/**
 * `bo.ppn` as the server prices orders with it: a rate from 0 to 12 (percent, effective), and the
 * legal 11 when it is unset or not such a number, so the page shows what the order will charge.
 */
export function ppnRateOf(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw.trim() === '') return PPN_DEFAULT_EFFECTIVE_RATE;
  const rate = Number(raw);
  return Number.isFinite(rate) && rate >= 0 && rate <= PPN_STATUTORY_RATE
    ? rate
    : PPN_DEFAULT_EFFECTIVE_RATE;
}

export type AmountProblem = 'required' | 'min' | 'max';

/** Why a top-up amount cannot be ordered (the server's own bounds), or null. */
export function amountProblem(amount: number | null): AmountProblem | null {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return 'required';
  if (amount < TOPUP_LIMITS.min) return 'min';
  if (amount > TOPUP_LIMITS.max) return 'max';
  return null;
}

/** "11/12" for the 11 % effective rate; null when the base is the whole price (or no PPN). */
export function taxBaseFraction(rate: number): string | null {
  if (rate <= 0 || rate >= PPN_STATUTORY_RATE) return null;
  return `${String(rate).replace('.', ',')}/${PPN_STATUTORY_RATE}`;
}

/** A product with the yearly price the payments engineer adds to the contract (issue 16). */
/** A plan as sold: its yearly price is 0 when it is not sold by the year. */
export type SellableProduct = Product;

/** The price of one period of the plan, before PPN; null when the plan is not sold that way. */
export function periodPrice(product: SellableProduct, period: BillingPeriod): number | null {
  if (period === 'monthly') return product.price;
  return product.yearlyPrice > 0 ? product.yearlyPrice : null;
}

/** Whole percent a year saves against twelve months, when it saves anything. */
export function yearlySaving(product: SellableProduct): number | null {
  const year = periodPrice(product, 'yearly');
  if (year === null || product.price <= 0) return null;
  const saving = Math.round((1 - year / (product.price * 12)) * 100);
  return saving > 0 ? saving : null;
}
