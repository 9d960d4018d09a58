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
     * A POST that creates something: an `Idempotency-Key` header makes a retry return the first
     * answer (modules/idempotency). `false` says a POST was considered and creates nothing (or
     * cannot be replayed); every POST says one or the other (idempotency/routes.test.ts).
     */
    idempotent?: boolean;
    /**
     * The first answer shows a secret once (an API key, a webhook signing secret): it is not kept
     * for retries, which answer 409 `IDEMPOTENCY_SECRET_SHOWN` instead of creating a second one.
     */
    answerHoldsSecret?: boolean;
    /**
     * The users of an API-only account may call this (the app pages they may open use it);
     * every other private route answers them 403. API keys are not users: they are never refused
     * by this (http/api-only.ts).
     */
    apiOnlyAllowed?: boolean;
    /**
     * The scope an API key needs here (issue 19). Only routes that name one accept keys; every
     * other route refuses them (403), so keys reach only what makes sense for machines.
     */
    scope?: Scope;
  }
}
