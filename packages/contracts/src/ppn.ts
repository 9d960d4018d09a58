/**
 * PPN (Indonesian VAT) since 2025 (PMK 131/2024): the statutory rate is 12 %, applied to a tax
 * base (DPP "nilai lain") of 11/12 of the price for everything but luxury goods, so the tax is
 * effectively 11 % of the price. `bo.ppn` holds that effective rate; the base factor is
 * effective / 12, so a rate of 12 taxes the full price and 0 taxes nothing.
 */
export const PPN_STATUTORY_RATE = 12;
export const PPN_DEFAULT_EFFECTIVE_RATE = 11;

export interface PpnBreakdown {
  /** The price before tax, whole rupiah. */
  amount: number;
  /** The effective rate (bo.ppn), percent. */
  ppnRate: number;
  /** DPP: effective / 12 of the price, rounded to the rupiah. */
  taxBase: number;
  /** 12 % of the tax base, rounded to the rupiah. */
  ppn: number;
  /** What the buyer pays. */
  gross: number;
}

/** Rounds half away from zero on exact rationals: amount × rate / 12 has twelfths only. */
function roundRupiah(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function ppnOf(
  amount: number,
  effectiveRate: number = PPN_DEFAULT_EFFECTIVE_RATE,
): PpnBreakdown {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`PPN needs a whole, non-negative rupiah amount, got ${amount}`);
  if (!Number.isFinite(effectiveRate) || effectiveRate < 0 || effectiveRate > PPN_STATUTORY_RATE)
    throw new RangeError(
      `PPN rate must be between 0 and ${PPN_STATUTORY_RATE}, got ${effectiveRate}`,
    );
  if (effectiveRate === 0) return { amount, ppnRate: 0, taxBase: amount, ppn: 0, gross: amount };
  // Rates such as 11 or 11.5: scale to integers (hundredths) so the arithmetic stays exact.
  const rateHundredths = Math.round(effectiveRate * 100);
  const taxBase = roundRupiah(amount * rateHundredths, PPN_STATUTORY_RATE * 100);
  const ppn = roundRupiah(taxBase * PPN_STATUTORY_RATE, 100);
  return { amount, ppnRate: effectiveRate, taxBase, ppn, gross: amount + ppn };
}
