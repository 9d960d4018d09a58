import { z } from 'zod';
import { MESSAGES, validationMessage as vm } from './messages.js';
import {
  emailField,
  idField,
  optionalString,
  passwordField,
  perPage,
  phoneField,
  queryBoolean,
  requiredString,
} from './fields.js';
import { accountTypeSchema, ROLES, roleSchema, userStatusSchema } from './roles.js';
import { LIMITS } from './limits.js';
import { text } from './text.js';

export const divisionRefSchema = z.object({ id: z.string(), name: z.string() });

/** User as the spec (§3) names its fields. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  role: roleSchema,
  isTwoFactorAuthenticationEnabled: z.boolean(),
  phone: z.string().nullable(),
  divisionOnlyView: z.boolean(),
  divisions: z.array(divisionRefSchema),
  allChat: z.boolean(),
  agentIds: z.array(z.string()),
  status: userStatusSchema,
  accountId: z.string(),
  accountType: accountTypeSchema,
  language: z.enum(['en', 'id']),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z
  .object({
    name: requiredString('name')
      .min(LIMITS.nameMin, vm.min('name', LIMITS.nameMin))
      .max(100, vm.max('name', 100)),
    company: requiredString('company').max(120, vm.max('company', 120)),
    email: emailField(),
    phone_number: phoneField(),
    password: passwordField(),
    confirm_password: text({ error: () => vm.required('confirm password') }),
    language: z.enum(['en', 'id']).optional(),
  })
  .refine((b) => b.password === b.confirm_password, {
    message: MESSAGES.passwordMismatch,
    path: ['confirm_password'],
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerConfirmationBodySchema = z.object({ token: requiredString('token') });

export const resetRequestBodySchema = z.object({ email: emailField() });
export const resetCheckQuerySchema = z.object({ token: requiredString('token') });
export const resetSubmitBodySchema = z
  .object({
    token: requiredString('token'),
    password: passwordField(),
    confirm_password: text({ error: () => vm.required('confirm password') }),
  })
  .refine((b) => b.password === b.confirm_password, {
    message: MESSAGES.passwordMismatch,
    path: ['confirm_password'],
  });

export const changePasswordBodySchema = z
  .object({
    current_password: text({ error: () => vm.required('current password') }).min(
      1,
      vm.required('current password'),
    ),
    password: passwordField('new password'),
    confirm_password: text({ error: () => vm.required('confirm password') }),
  })
  .refine((b) => b.password === b.confirm_password, {
    message: MESSAGES.passwordMismatch,
    path: ['confirm_password'],
  });

/** Edit profile (§3 Profile: user_name, email, company, phone). */
export const updateMeBodySchema = z.object({
  user_name: requiredString('name')
    .min(LIMITS.nameMin, vm.min('name', LIMITS.nameMin))
    .max(100, vm.max('name', 100))
    .optional(),
  email: emailField().optional(),
  company: requiredString('company').max(120, vm.max('company', 120)).optional(),
  phone: phoneField('phone').optional(),
  language: z.enum(['en', 'id']).optional(),
});

export const agentListQuerySchema = z.object({
  // A comma list (`role=agent,admin`) or a repeated key; an unknown role is a 400, not a throw.
  role: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      if (v === undefined) return undefined;
      const roles = [v]
        .flat()
        .flatMap((r) => r.split(','))
        .map((r) => r.trim())
        .filter(Boolean);
      return roles.length ? roles : undefined;
    })
    .pipe(z.array(z.enum(ROLES, { error: MESSAGES.invalidRole })).optional()),
  includeMe: queryBoolean.optional(),
  perpage: perPage(LIMITS.agentsPerPage, 100),
  page: z.coerce.number().int().min(1).default(1),
  search: optionalString('search').optional(),
  includeInactive: queryBoolean.optional(),
});
export type AgentListQuery = z.input<typeof agentListQuerySchema>;

export const inviteUserBodySchema = z.object({
  name: requiredString('name')
    .min(LIMITS.nameMin, vm.min('name', LIMITS.nameMin))
    .max(100, vm.max('name', 100)),
  email: emailField(),
  role: roleSchema,
  phone: phoneField('phone').optional(),
  divisions: z.array(idField).default([]),
  divisionOnlyView: z.boolean().default(false),
  allChat: z.boolean().default(false),
  agentIds: z.array(idField).default([]),
});
export type InviteUserBody = z.input<typeof inviteUserBodySchema>;

export const updateUserBodySchema = z.object({
  name: requiredString('name')
    .min(LIMITS.nameMin, vm.min('name', LIMITS.nameMin))
    .max(100, vm.max('name', 100))
    .optional(),
  role: roleSchema.optional(),
  phone: phoneField('phone').nullable().optional(),
  divisions: z.array(idField).optional(),
  divisionOnlyView: z.boolean().optional(),
  allChat: z.boolean().optional(),
  agentIds: z.array(idField).optional(),
});

export const acceptInviteBodySchema = resetSubmitBodySchema;

export const userListSchema = z.object({
  data: z.array(userSchema),
  meta: z.object({ total: z.number(), page: z.number(), perpage: z.number() }),
});

export const userIdParamsSchema = z.object({ id: idField });

/** The invitation link carries `type=invite`, so even an unknown token gets the invitation wording. */
export const resetCheckLinkQuerySchema = resetCheckQuerySchema.extend({
  type: text().optional(),
});

export const ONE_TIME_LINK_PURPOSES = ['reset_password', 'invite'] as const;
export const resetCheckResponseSchema = z.object({
  ok: z.literal(true),
  email: z.string(),
  purpose: z.enum(ONE_TIME_LINK_PURPOSES),
  company: z.string(),
});
export type ResetCheckResponse = z.infer<typeof resetCheckResponseSchema>;
