import { z } from 'zod';
import { text } from './text.js';
import { lastSaldoSchema } from './billing.js';
import { accountTypeSchema } from './roles.js';
import { userSchema } from './users.js';

/** Every settings key the spec names (§3). */
export const SETTING_KEYS = [
  'enable_rest_api',
  'enable_webhook',
  'webhook',
  'token',
  'rental_cost',
  'saldo',
  'bo.billing_period',
  'bo.due_date',
  'payment_tolerant_in_day',
  'welcomeMessage',
  'currentAutoAssign',
  'bo.userInitiatePrice',
  'bo.businessInitiatePrice',
  'mauPrice',
  'bo.ppn',
  'bo.onboardingDate',
  'noOnlineAgentResMsg',
  'agentWorkingHourStart',
  'agentWorkingHourEnd',
  'statusAutoResponder',
  'topupPrices',
  'billPrices',
  'bo.minimumBalance',
  'allowOfflineAssignment',
  'isRouteDivision',
  'bo.wabaChannelLimit',
  'bo.igChannelLimit',
  'bo.messengerChannelLimit',
  'bo.payment_gateway',
  'fallbackAgent',
  'autoHandoverIfOnline',
  'bo.isCsat',
  'bo.ticket_report',
  'bo.messageHistory',
  'bo.broadcast_limit',
  'bo.enableGreetingAssignment',
  'bo.enableDivisionAssignment',
  'bo.api_only',
  'enable_ai',
  'whatsapp-type',
  'timezone',
] as const;
export const settingKeySchema = z.enum(SETTING_KEYS);
export type SettingKey = z.infer<typeof settingKeySchema>;

/**
 * Keys the shell reads by `GET /settings/{key}` (§7) map onto stored keys. Several are short
 * aliases the client uses.
 */
export const SETTING_ALIASES: Record<string, SettingKey> = {
  billing_period: 'bo.billing_period',
  due_date: 'bo.due_date',
  minimumBalance: 'bo.minimumBalance',
  'settings-bo-minimum-balance': 'bo.minimumBalance',
  ppn: 'bo.ppn',
  'settings-bo-ppn': 'bo.ppn',
  payment_gateway: 'bo.payment_gateway',
  api_only: 'bo.api_only',
  csat: 'bo.isCsat',
  'bo-csat': 'bo.isCsat',
  greeting_assignment: 'bo.enableGreetingAssignment',
  division_assignment: 'bo.enableDivisionAssignment',
};

/** Keys only the platform (back office) may change; an account admin can read but not write. */
export const BACKOFFICE_KEYS: readonly SettingKey[] = SETTING_KEYS.filter(
  (k) =>
    k.startsWith('bo.') ||
    k === 'saldo' ||
    k === 'rental_cost' ||
    k === 'topupPrices' ||
    k === 'billPrices' ||
    k === 'mauPrice' ||
    k === 'payment_tolerant_in_day',
);

export const settingValueSchema = z.object({ key: z.string(), value: z.string().nullable() });
export type SettingValue = z.infer<typeof settingValueSchema>;

export const settingsListSchema = z.object({ data: z.array(settingValueSchema) });

export const updateSettingsBodySchema = z.object({
  settings: z
    .array(z.object({ key: settingKeySchema, value: text().max(10_000).nullable() }))
    .min(1)
    .max(100),
});

export const subscriptionInfoSchema = z.object({
  dueDate: z.string().nullable(),
  billingPeriod: z.string().nullable(),
  billingAmount: z.number().nullable(),
  plan: z.object({ code: z.string(), name: z.string() }).nullable(),
  /**
   * `expired` from `graceEndsAt` on: the due date plus `payment_tolerant_in_day` days (the same
   * instant as the due date when there is no grace). Between the due date and then the plan is
   * past due but still `active`/`trial`: it can send, and renew.
   */
  status: z.enum(['none', 'trial', 'active', 'expired']),
  graceEndsAt: z.string().nullable(),
  /** From here on a paid plan may be renewed (RENEWAL_WINDOW_DAYS before the due date). */
  renewalOpensAt: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const enableAiResponseSchema = z.object({ value: z.boolean() });

export const settingKeyParamsSchema = z.object({ key: text().trim().min(1).max(100) });

/** `GET /users/me/all`: everything the web guard loads after sign-in, in one call. */
export const meAllResponseSchema = z.object({
  user: userSchema,
  account: z.object({
    _id: z.string(),
    name: z.string(),
    type: accountTypeSchema,
    timezone: z.string(),
  }),
  settings: z.array(settingValueSchema),
  subscription: subscriptionInfoSchema,
  balance: lastSaldoSchema,
});
export type MeAll = z.infer<typeof meAllResponseSchema>;
