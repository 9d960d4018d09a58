import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Action } from '../policies.js';
import type { Scope } from '@sapa/contracts';
import type { Caller } from '../modules/auth/principal.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Caller | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Allowed before the TOTP step is done (2FA validate, logout, refresh, GET /users/me). */
    allowPendingTwoFactor?: boolean;
    /** The policy (policies.ts) the caller must pass. */
    action?: Action;
    /**
     * The scope an API key needs here (issue 19). Only routes that name one accept keys; every
     * other route refuses them (403), so keys reach only what makes sense for machines.
     */
    scope?: Scope;
  }
}
