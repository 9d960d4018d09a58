import { z } from 'zod';

/**
 * Usage prices and where an account stands for sending (issue 16). Prices are plain rupiah: PPN
 * is paid once, on the top-up, and never again on usage.
 */
export const usagePricesSchema = z.object({
  /** A conversation the customer opened and the business answers, once per 24 hours. */
  userInitiatePrice: z.number(),
  /** A conversation the business opens with a template (a broadcast message included). */
  businessInitiatePrice: z.number(),
  /** Each contact active in a calendar month (0: not charged). */
  mauPrice: z.number(),
});
export type UsagePrices = z.infer<typeof usagePricesSchema>;

/**
 * ok: may send; low: may send, the balance is under the alert threshold; insufficient: below the
 * minimum balance ('Insufficient Balance'); expired: the plan lapsed; suspended: by Sapa.
 */
export const SEND_STATES = ['ok', 'low', 'insufficient', 'expired', 'suspended'] as const;
export type SendState = (typeof SEND_STATES)[number];

export const pricingStandingSchema = z.object({
  saldo: z.number(),
  minimumBalance: z.number(),
  /** The low-balance alert's threshold: the account's own, else twice the minimum balance. */
  lowBalanceThreshold: z.number(),
  prices: usagePricesSchema,
  state: z.enum(SEND_STATES),
  /** The plan's due date (ISO), for the expired banner; null without a plan. */
  dueDate: z.string().nullable(),
});
export type PricingStanding = z.infer<typeof pricingStandingSchema>;

/**
 * The balance part of the state, shared by the server's check and the banner that recomputes it
 * live when `balance.updated` brings a new saldo.
 */
export function balanceState(
  saldo: number,
  minimumBalance: number,
  threshold: number,
): 'ok' | 'low' | 'insufficient' {
  if (saldo < minimumBalance) return 'insufficient';
  if (saldo < threshold) return 'low';
  return 'ok';
}

/** The alert threshold when the account set none: twice the minimum balance. */
export function defaultLowBalanceThreshold(minimumBalance: number): number {
  return minimumBalance * 2;
}
