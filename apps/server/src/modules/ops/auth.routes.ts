import {
  okSchema,
  opsMeSchema,
  opsPinBodySchema,
  opsSetupBodySchema,
  opsSetupInfoSchema,
  opsSetupQuerySchema,
  opsSignInBodySchema,
  type OpsOperator,
} from '@sapa/contracts';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { OperatorAuthService, OperatorPrincipal } from './auth.service.js';
import { clearOpsCookie, operatorOf, setOpsCookie } from './guard.js';

const OPEN = { public: true, ops: 'open' } as const;
const PENDING = { public: true, ops: 'pending' } as const;

export function presentOperator(o: OperatorPrincipal): OpsOperator {
  return { id: o.operatorId, email: o.email, name: o.name, twoFactorVerified: o.twoFactorVerified };
}

/** Setup from the CLI's one-time link, then password + authenticator code on every sign-in. */
export function opsAuthRoutes(app: App, auth: OperatorAuthService, secureCookie: boolean): void {
  app.get(
    '/setup',
    {
      config: OPEN,
      schema: {
        tags: ['ops'],
        querystring: opsSetupQuerySchema,
        response: { 200: opsSetupInfoSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => auth.setupInfo(request.query.token),
  );

  app.post(
    '/setup',
    {
      config: OPEN,
      schema: {
        tags: ['ops'],
        body: opsSetupBodySchema,
        response: { 200: okSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await auth.completeSetup(request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/sign-in',
    {
      config: OPEN,
      schema: {
        tags: ['ops'],
        body: opsSignInBodySchema,
        response: { 200: opsMeSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await auth.signIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setOpsCookie(reply, session, secureCookie);
      return { operator: presentOperator(session.operator) };
    },
  );

  app.post(
    '/auth/two-factor',
    {
      config: PENDING,
      schema: {
        tags: ['ops'],
        body: opsPinBodySchema,
        response: { 200: opsMeSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await auth.verifyPin(operatorOf(request), request.body.pin, request.ip);
      setOpsCookie(reply, session, secureCookie);
      return { operator: presentOperator(session.operator) };
    },
  );

  app.get(
    '/auth/me',
    {
      config: PENDING,
      schema: { tags: ['ops'], response: { 200: opsMeSchema, ...errorResponses(401) } },
    },
    async (request) => ({ operator: presentOperator(operatorOf(request)) }),
  );

  app.post(
    '/auth/sign-out',
    {
      config: PENDING,
      schema: { tags: ['ops'], response: { 200: okSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      await auth.signOut(operatorOf(request));
      clearOpsCookie(reply);
      return { ok: true as const };
    },
  );
}
