import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Action } from '../policies.js';
import type { Principal } from '../modules/auth/principal.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Allowed before the TOTP step is done (2FA validate, logout, refresh, GET /users/me). */
    allowPendingTwoFactor?: boolean;
    /** The policy (policies.ts) the caller must pass. */
    action?: Action;
  }
}
