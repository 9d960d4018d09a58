import { z } from 'zod';
import { validationMessage as vm } from './messages.js';
import { emailField, idField, passwordField, pinField, requiredString } from './fields.js';
import { TAX_INVOICE_NUMBER } from './invoices.js';
import { text } from './text.js';

/**
 * The operator console (`/api/ops/*`): the platform's own staff, never tenants. Operators sign in
 * with a password and a mandatory authenticator code; their session lives in an HttpOnly cookie
 * scoped to /api/ops, so it never reaches a tenant route.
 */

export const OPS_COOKIE = 'sapa_ops';
/** An operator's password: longer than a tenant's, the console moves money. */
export const OPS_PASSWORD_MIN = 12;

export const opsSignInBodySchema = z.object({
  email: emailField(),
  password: text({ error: () => vm.required('password') }).min(1, vm.required('password')),
});

export const opsPinBodySchema = z.object({ pin: pinField });

export const opsOperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** False until the session has passed the authenticator code: nothing else is open before. */
  twoFactorVerified: z.boolean(),
});
export type OpsOperator = z.infer<typeof opsOperatorSchema>;
export const opsMeSchema = z.object({ operator: opsOperatorSchema });

export const opsSetupQuerySchema = z.object({ token: requiredString('token').max(200) });
export const opsSetupInfoSchema = z.object({
  email: z.string(),
  /** The authenticator key, for typing in by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** PNG data URL of the otpauth QR code. */
  qrCode: z.string(),
});
export const opsSetupBodySchema = z.object({
  token: requiredString('token').max(200),
  name: requiredString('name').max(100),
  password: passwordField().min(OPS_PASSWORD_MIN, vm.min('password', OPS_PASSWORD_MIN)),
  pin: pinField,
});

export const OPS_ACCOUNT_STATUSES = ['none', 'trial', 'active', 'expired', 'suspended'] as const;
export type OpsAccountStatus = (typeof OPS_ACCOUNT_STATUSES)[number];

export const opsAccountsQuerySchema = z.object({
  search: text().trim().max(200).optional(),
  status: z.enum(OPS_ACCOUNT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perpage: z.coerce.number().int().min(1).max(100).default(25),
});
export type OpsAccountsQuery = z.infer<typeof opsAccountsQuerySchema>;

export const opsAccountRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['regular', 'api_only']),
  adminEmail: z.string().nullable(),
  plan: z.object({ code: z.string(), name: z.string() }).nullable(),
  status: z.enum(OPS_ACCOUNT_STATUSES),
  dueDate: z.string().nullable(),
  balance: z.number(),
  channels: z.number(),
  /** What usage charged this calendar month (account's time zone), in rupiah. */
  usageThisMonth: z.number(),
  createdAt: z.string(),
});
export type OpsAccountRow = z.infer<typeof opsAccountRowSchema>;

export const opsAccountListSchema = z.object({
  data: z.array(opsAccountRowSchema),
  total: z.number(),
  page: z.number(),
  perpage: z.number(),
});

export const opsAccountParamsSchema = z.object({ id: idField });

export const opsLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  description: z.string(),
  orderId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  createdAt: z.string(),
});

export const opsInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  issuedAt: z.string(),
  total: z.number(),
  ppn: z.number(),
  taxInvoiceNumber: z.string().nullable(),
});

export const opsAuditEntrySchema = z.object({
  id: z.string(),
  via: z.enum(['console', 'cli']),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntrySchema>;

export const opsAccountDetailSchema = z.object({
  account: opsAccountRowSchema.extend({
    timezone: z.string(),
    suspendedAt: z.string().nullable(),
    suspendedReason: z.string().nullable(),
  }),
  subscription: z
    .object({
      plan: z.object({ code: z.string(), name: z.string() }),
      status: z.string(),
      billingPeriod: z.string(),
      billingAmount: z.number(),
      dueDate: z.string(),
    })
    .nullable(),
  /** Every operator-settable key: the stored value (null: platform default) and the effective one. */
  settings: z.array(
    z.object({ key: z.string(), stored: z.string().nullable(), effective: z.string().nullable() }),
  ),
  ledger: z.array(opsLedgerEntrySchema),
  invoices: z.array(opsInvoiceSchema),
  audit: z.array(opsAuditEntrySchema),
});
export type OpsAccountDetail = z.infer<typeof opsAccountDetailSchema>;

export const opsSetSettingsBodySchema = z.object({
  settings: z
    .array(z.object({ key: text().max(100), value: text().max(10_000).nullable() }))
    .min(1)
    .max(50),
});

const reasonField = requiredString('reason').max(500);

export const OPS_ADJUST_MAX = 1_000_000_000;
export const opsBalanceBodySchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z.coerce
    .number({ error: 'The amount must be a number of rupiah' })
    .int('The amount must be whole rupiah')
    .min(1, 'The amount must be at least Rp 1')
    .max(OPS_ADJUST_MAX, 'The amount may not be more than Rp 1.000.000.000'),
  reason: reasonField,
  /**
   * One per form submission: a retried request (a lost answer, a double click) books once and
   * answers as the first did.
   */
  requestId: z.uuid({ error: 'requestId must be a UUID' }).optional(),
});
export type OpsBalanceBody = z.infer<typeof opsBalanceBodySchema>;
export const opsBalanceResultSchema = z.object({
  saldo: z.number(),
  /** False when this requestId had been booked already: nothing new was written. */
  created: z.boolean(),
});

export const OPS_EXTEND_MAX_DAYS = 366;
export const opsExtendBodySchema = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Extend by at least 1 day')
    .max(OPS_EXTEND_MAX_DAYS, `Extend by at most ${OPS_EXTEND_MAX_DAYS} days`),
  reason: reasonField,
});
export const opsExtendResultSchema = z.object({ dueDate: z.string() });

export const opsInvoiceParamsSchema = z.object({ id: idField });
export const opsTaxInvoiceBodySchema = z.object({
  taxInvoiceNumber: text()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(TAX_INVOICE_NUMBER, 'The tax invoice number must be 17 digits'))
    .nullable(),
});
export const opsTaxInvoiceResultSchema = z.object({ taxInvoiceNumber: z.string().nullable() });

export const opsSuspendBodySchema = z.object({ reason: reasonField });
export const opsSuspensionResultSchema = z.object({
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** Sign-in sessions of the account's users ended by the suspension. */
  sessionsEnded: z.number(),
});
