import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@sapa/contracts';
import { isAllowed } from '../policies.js';
import type { AuthService } from '../modules/auth/service.js';
import type { Principal } from '../modules/auth/principal.js';
import { assertApiOnlyMayCall } from './api-only.js';
import { forbidden, unauthorized } from './errors.js';
import type { App } from './types.js';

/**
 * Every /api route is private unless its config says `public`. The caller is loaded once per
 * request (user active, session live), then the route's policy, the 2FA rule and the API-only rule are applied.
 */
export function registerAuthentication(app: App, auth: AuthService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    // The OpenAPI page and its assets are public documentation.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!bearer) throw unauthorized(MESSAGES.unauthorized, 'NO_TOKEN');
    const principal = await auth.authenticate(bearer);
    if (!principal) throw unauthorized(MESSAGES.sessionExpired, 'TOKEN_INVALID');
    if (!config.allowPendingTwoFactor) auth.assertTwoFactorSatisfied(principal);
    if (config.action && !isAllowed(config.action, principal))
      throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
    assertApiOnlyMayCall(principal, config);
    request.principal = principal;
  });
}

/** The caller of a private route; the hook above guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(MESSAGES.unauthorized);
  return request.principal;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
