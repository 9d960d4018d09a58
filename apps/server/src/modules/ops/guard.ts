import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, OPS_COOKIE } from '@sapa/contracts';
import { forbidden, unauthorized } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import type { OperatorAuthService, OperatorPrincipal, OpsSession } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorPrincipal | null;
  }
  interface FastifyContextConfig {
    /**
     * Operator console routes: 'open' needs no operator (sign-in, setup), 'pending' takes a
     * session still owing its authenticator code; unset means a fully signed-in operator.
     */
    ops?: 'open' | 'pending';
  }
}

export const OPS_COOKIE_PATH = '/api/ops';

/**
 * Every /api/ops route is checked here, on request, before its body or query is even parsed:
 * a tenant's bearer token, or no operator session at all, gets 401 whatever it sent. Tenant
 * authentication skips these routes (they are `public` to it); this hook is their only gate.
 */
export function registerOpsGuard(app: App, auth: OperatorAuthService): void {
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.ops;
    if (mode === 'open') return;
    const token = request.cookies[OPS_COOKIE];
    if (!token) throw unauthorized(MESSAGES.unauthorized, 'NO_OPS_SESSION');
    const operator = await auth.authenticate(token);
    if (!operator) throw unauthorized(MESSAGES.sessionExpired, 'OPS_SESSION_INVALID');
    if (!operator.twoFactorVerified && mode !== 'pending')
      throw forbidden(MESSAGES.twoFactorRequired, '2FA_REQUIRED');
    request.operator = operator;
  });
}

export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw unauthorized(MESSAGES.unauthorized);
  return request.operator;
}

export function setOpsCookie(reply: FastifyReply, session: OpsSession, secure: boolean): void {
  reply.setCookie(OPS_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: OPS_COOKIE_PATH,
    expires: session.expiresAt,
  });
}

export function clearOpsCookie(reply: FastifyReply): void {
  reply.clearCookie(OPS_COOKIE, { path: OPS_COOKIE_PATH });
}
