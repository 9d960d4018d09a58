import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@sapa/contracts';
import { isAllowed } from '../policies.js';
import type { Deps } from '../deps.js';
import type { AuthService } from '../modules/auth/service.js';
import { isKeyCaller, type Caller, type Principal } from '../modules/auth/principal.js';
import { ApiKeyAuthenticator } from '../modules/api-keys/key-auth.js';
import { KeyRateLimiter } from '../modules/api-keys/rate-limit.js';
import { looksLikeKey } from '../modules/api-keys/secret.js';
import { forbidden, tooManyRequests, unauthorized } from './errors.js';
import type { App } from './types.js';

const KEY_REFUSALS = {
  invalid: () => unauthorized(MESSAGES.apiKeyInvalid, 'API_KEY_INVALID'),
  revoked: () => unauthorized(MESSAGES.apiKeyRevoked, 'API_KEY_REVOKED'),
  expired: () => unauthorized(MESSAGES.apiKeyExpired, 'API_KEY_EXPIRED'),
} as const;

/**
 * Every /api route is private unless its config says `public`. The caller is loaded once per
 * request (user active, session live), then the route's policy and the 2FA rule are applied.
 * A bearer with the API-key prefix is an API key instead (issue 19): accepted only on routes that
 * declare a `scope` the key holds, while the account's `enable_rest_api` is on, and counted
 * against the key's rate limit.
 */
export function registerAuthentication(
  app: App,
  auth: AuthService,
  deps: Pick<Deps, 'db' | 'clock' | 'authCache' | 'log' | 'config'>,
): void {
  const keys = new ApiKeyAuthenticator(deps);
  const limiter = new KeyRateLimiter(deps.config.apiKeyRateLimit);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    // The OpenAPI page and its assets are public documentation.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!bearer) throw unauthorized(MESSAGES.unauthorized, 'NO_TOKEN');
    if (looksLikeKey(bearer)) {
      request.principal = await keyCaller(request, reply, bearer);
      return;
    }
    const principal = await auth.authenticate(bearer);
    if (!principal) throw unauthorized(MESSAGES.sessionExpired, 'TOKEN_INVALID');
    if (!config.allowPendingTwoFactor) auth.assertTwoFactorSatisfied(principal);
    if (config.action && !isAllowed(config.action, principal))
      throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
    request.principal = principal;
  });

  async function keyCaller(
    request: FastifyRequest,
    reply: FastifyReply,
    bearer: string,
  ): Promise<Caller> {
    const checked = await keys.check(bearer);
    if (!checked.ok) throw KEY_REFUSALS[checked.reason]();
    const { principal } = checked;
    const rate = limiter.hit(principal.apiKey.id, deps.clock.now().getTime());
    reply.header('ratelimit-limit', rate.limit);
    reply.header('ratelimit-remaining', rate.remaining);
    reply.header('ratelimit-reset', rate.resetSeconds);
    if (!rate.allowed) throw tooManyRequests(rate.resetSeconds * 1000);
    keys.touch(principal.apiKey.id);
    if (!checked.restApiEnabled) throw forbidden(MESSAGES.restApiDisabled, 'REST_API_DISABLED');
    const { scope, action } = request.routeOptions.config;
    if (!scope) throw forbidden(MESSAGES.apiKeyNotAllowed, 'API_KEY_NOT_ALLOWED');
    if (!principal.apiKey.scopes.includes(scope))
      throw forbidden(MESSAGES.apiKeyMissingScope.replace('{scope}', scope), 'API_KEY_SCOPE');
    if (action && !isAllowed(action, principal)) throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
    return principal;
  }
}

/**
 * The signed-in person calling a route. Only routes with a `scope` can be reached by an API key,
 * and they use `callerOf`; everywhere else a key is refused before the handler, and this refuses
 * it again so no code written for people is ever handed one.
 */
export function principalOf(request: FastifyRequest): Principal {
  const caller = request.principal;
  if (!caller) throw unauthorized(MESSAGES.unauthorized);
  if (isKeyCaller(caller)) throw forbidden(MESSAGES.apiKeyNotAllowed, 'API_KEY_NOT_ALLOWED');
  return caller;
}

/** The caller of a machine route: a person or an API key acting as the account. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.principal) throw unauthorized(MESSAGES.unauthorized);
  return request.principal;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
