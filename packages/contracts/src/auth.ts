import { z } from 'zod';
import { text } from './text.js';
import { validationMessage as vm } from './messages.js';
import { emailField, pinField } from './fields.js';
import { roleSchema } from './roles.js';
import { userSchema } from './users.js';

export const loginBodySchema = z.object({
  email: emailField(),
  password: text({ error: () => vm.required('password') }).min(1, vm.required('password')),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ accessToken: z.string(), user: userSchema });
export const refreshResponseSchema = z.object({ accessToken: z.string() });

/** Claims inside the access token (§3 Token payload plus who and where). */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  acc: z.string(),
  sid: z.string(),
  role: roleSchema,
  isTwoFactorAuthenticated: z.boolean(),
  iat: z.number(),
  exp: z.number(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

export const pinBodySchema = z.object({ pin: pinField });
export const twoFactorGenerateResponseSchema = z.object({
  otpauthUrl: z.string(),
  secret: z.string(),
  qrCode: z.string(),
});
