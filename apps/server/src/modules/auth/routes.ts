import type { FastifyReply } from 'fastify';
import {
  loginBodySchema,
  loginResponseSchema,
  okSchema,
  pinBodySchema,
  refreshResponseSchema,
  twoFactorGenerateResponseSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';

export const REFRESH_COOKIE = 'sapa_rt';

export function authRoutes(app: App, { services, deps }: ModuleContext): void {
  const { auth } = services;
  const setRefreshCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.appUrl.startsWith('https://'),
      path: '/api/auth',
      expires,
    });

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const result = await auth.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(reply, result.refreshToken, result.refreshExpiresAt);
      return { accessToken: result.accessToken, user: result.user };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: refreshResponseSchema } },
    },
    async (request, reply) => {
      try {
        const result = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, result.refreshToken, result.refreshExpiresAt);
        return { accessToken: result.accessToken };
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      // Logout works with the cookie alone (expired access token) or the bearer alone.
      const header = request.headers.authorization;
      const principal = header?.startsWith('Bearer ')
        ? await auth.authenticate(header.slice(7))
        : null;
      await auth.logout({ refreshToken: request.cookies[REFRESH_COOKIE], principal });
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/2fa/generate',
    {
      config: { apiOnlyAllowed: true },
      schema: { tags: ['auth'], response: { 200: twoFactorGenerateResponseSchema } },
    },
    async (request) => auth.generateTwoFactor(principalOf(request)),
  );

  app.post(
    '/api/auth/2fa/turn-on',
    {
      config: { apiOnlyAllowed: true, idempotent: false },
      schema: { tags: ['auth'], body: pinBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request) => auth.turnOnTwoFactor(principalOf(request), request.body.pin, request.ip),
  );

  app.post(
    '/api/auth/2fa/turn-off',
    {
      config: { apiOnlyAllowed: true, idempotent: false },
      schema: { tags: ['auth'], body: pinBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request) => auth.turnOffTwoFactor(principalOf(request), request.body.pin, request.ip),
  );

  app.post(
    '/api/auth/2fa/validate',
    {
      config: { apiOnlyAllowed: true, idempotent: false, allowPendingTwoFactor: true },
      schema: { tags: ['auth'], body: pinBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request) => auth.validateTwoFactor(principalOf(request), request.body.pin, request.ip),
  );
}
