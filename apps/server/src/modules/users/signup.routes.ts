import {
  okSchema,
  registerBodySchema,
  registerConfirmationBodySchema,
  resetCheckLinkQuerySchema,
  resetCheckResponseSchema,
  resetRequestBodySchema,
  resetSubmitBodySchema,
} from '@sapa/contracts';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { SignupService } from './signup.service.js';

/** Public: sign-up, email confirmation, and the emailed password links. */
export function signupRoutes(app: App, signup: SignupService): void {
  const tags = ['users'];

  app.post(
    '/api/users/register',
    {
      config: { public: true },
      schema: {
        tags,
        body: registerBodySchema,
        response: { 201: okSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await signup.register(request.body)),
  );

  app.post(
    '/api/users/register_confirmation',
    {
      config: { public: true },
      schema: {
        tags,
        body: registerConfirmationBodySchema,
        response: { 200: okSchema, ...errorResponses(400) },
      },
    },
    async (request) => signup.confirmEmail(request.body.token),
  );

  app.post(
    '/api/users/reset-password/request',
    {
      config: { public: true },
      schema: {
        tags,
        body: resetRequestBodySchema,
        response: { 200: okSchema, ...errorResponses(400) },
      },
    },
    async (request) => signup.requestReset(request.body.email),
  );

  app.get(
    '/api/users/reset-password/check',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: resetCheckLinkQuerySchema,
        response: { 200: resetCheckResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => signup.checkLink(request.query.token, request.query.type),
  );

  app.post(
    '/api/users/reset-password/submit',
    {
      config: { public: true },
      schema: {
        tags,
        body: resetSubmitBodySchema,
        response: { 200: okSchema, ...errorResponses(400) },
      },
    },
    async (request) => signup.submitLink(request.body.token, request.body.password),
  );
}
