import { z } from 'zod';
import type { SettingKey } from './settings.js';

/**
 * The platform-owned settings an operator may set on an account (the `bo.*` keys and the prices),
 * with the form each value must take. Pure and shared: the console's form and the server (API
 * and CLI) check a value with the same rule.
 *
 * Not here, on purpose: `saldo` (the ledger is its only source: credit or debit instead),
 * `bo.due_date` and `bo.billing_period` (the subscription's: extend the due date instead) and
 * `token` (the public API issues it).
 */
export type OpsSettingForm =
  | 'rupiah'
  | 'count'
  | 'percent'
  | 'days'
  | 'boolean'
  | 'date'
  | 'topupPrices'
  | 'billPrices'
  | 'gateway';

export type OpsSettingGroup = 'prices' | 'limits' | 'features' | 'plan';

export interface OpsSettingDef {
  key: SettingKey;
  form: OpsSettingForm;
  group: OpsSettingGroup;
}

export const OPS_SETTINGS: readonly OpsSettingDef[] = [
  { key: 'bo.userInitiatePrice', form: 'rupiah', group: 'prices' },
  { key: 'bo.businessInitiatePrice', form: 'rupiah', group: 'prices' },
  { key: 'mauPrice', form: 'rupiah', group: 'prices' },
  { key: 'bo.ppn', form: 'percent', group: 'prices' },
  { key: 'bo.minimumBalance', form: 'rupiah', group: 'prices' },
  { key: 'rental_cost', form: 'rupiah', group: 'prices' },
  { key: 'topupPrices', form: 'topupPrices', group: 'prices' },
  { key: 'billPrices', form: 'billPrices', group: 'plan' },
  { key: 'payment_tolerant_in_day', form: 'days', group: 'plan' },
  { key: 'bo.payment_gateway', form: 'gateway', group: 'plan' },
  { key: 'bo.onboardingDate', form: 'date', group: 'plan' },
  { key: 'bo.wabaChannelLimit', form: 'count', group: 'limits' },
  { key: 'bo.igChannelLimit', form: 'count', group: 'limits' },
  { key: 'bo.messengerChannelLimit', form: 'count', group: 'limits' },
  { key: 'bo.broadcast_limit', form: 'count', group: 'limits' },
  { key: 'bo.api_only', form: 'boolean', group: 'features' },
  { key: 'bo.isCsat', form: 'boolean', group: 'features' },
  { key: 'bo.enableGreetingAssignment', form: 'boolean', group: 'features' },
  { key: 'bo.enableDivisionAssignment', form: 'boolean', group: 'features' },
  { key: 'bo.messageHistory', form: 'boolean', group: 'features' },
  { key: 'bo.ticket_report', form: 'boolean', group: 'features' },
];

export const OPS_SETTING_KEYS = OPS_SETTINGS.map((s) => s.key);
export const PAYMENT_GATEWAYS = ['midtrans'] as const;

const RUPIAH_MAX = 1_000_000_000;
const COUNT_MAX = 1_000_000;
const DAYS_MAX = 90;

export function opsSettingDef(key: string): OpsSettingDef | undefined {
  return OPS_SETTINGS.find((s) => s.key === key);
}

const wholeNumber = (v: string, max: number): number | null => {
  if (!/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n <= max ? n : null;
};

const billPricesValue = z.record(
  z.string().regex(/^[a-z0-9_-]{1,40}$/),
  z
    .object({
      monthly: z.number().int().positive().max(RUPIAH_MAX).optional(),
      yearly: z.number().int().positive().max(RUPIAH_MAX).optional(),
    })
    .strict(),
);

function parseJson(v: string): unknown {
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Checks and normalises one value. `value` is what to store (null: back to the platform default,
 * which an empty input also means); `error` says, in a sentence, what form the value must take.
 */
export function checkOpsSetting(
  key: string,
  raw: string | null,
): { value: string | null; error: string | null } {
  const def = opsSettingDef(key);
  if (!def)
    return {
      value: null,
      error: `${key} is not a platform setting an operator can set (one of: ${OPS_SETTING_KEYS.join(', ')})`,
    };
  if (raw === null || raw.trim() === '') return { value: null, error: null };
  const v = raw.trim();
  const fail = (must: string) => ({ value: null, error: `${key} must be ${must}` });
  switch (def.form) {
    case 'rupiah': {
      const n = wholeNumber(v, RUPIAH_MAX);
      return n === null ? fail('whole rupiah from 0 to 1,000,000,000') : ok(String(n));
    }
    case 'count': {
      const n = wholeNumber(v, COUNT_MAX);
      return n === null ? fail('a whole number from 0 to 1,000,000') : ok(String(n));
    }
    case 'days': {
      const n = wholeNumber(v, DAYS_MAX);
      return n === null ? fail(`a whole number of days from 0 to ${DAYS_MAX}`) : ok(String(n));
    }
    case 'percent': {
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(v) || Number(v) > 100)
        return fail('a percentage from 0 to 100 with at most 2 decimals, for example 11');
      return ok(String(Number(v)));
    }
    case 'boolean':
      return v === 'true' || v === 'false' ? ok(v) : fail("'true' or 'false'");
    case 'gateway':
      return (PAYMENT_GATEWAYS as readonly string[]).includes(v)
        ? ok(v)
        : fail(`one of: ${PAYMENT_GATEWAYS.join(', ')}`);
    case 'date': {
      const ms = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(v) ? Date.parse(v) : NaN;
      return Number.isNaN(ms) ? fail('a date such as 2026-01-31') : ok(new Date(ms).toISOString());
    }
    case 'topupPrices': {
      const list = parseJson(v);
      const valid =
        Array.isArray(list) &&
        list.length >= 1 &&
        list.length <= 12 &&
        list.every((n) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= RUPIAH_MAX);
      return valid
        ? ok(JSON.stringify([...new Set(list as number[])].sort((a, b) => a - b)))
        : fail('a JSON list of 1 to 12 whole rupiah amounts, for example [100000,250000]');
    }
    case 'billPrices': {
      const parsed = billPricesValue.safeParse(parseJson(v));
      return parsed.success
        ? ok(JSON.stringify(parsed.data))
        : fail('JSON by plan code, for example {"growth":{"monthly":699000,"yearly":6990000}}');
    }
  }
}

function ok(value: string) {
  return { value, error: null };
}
