import {
  inviteUserBodySchema,
  okSchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { UserAdminService } from './admin.service.js';

/** Agent settings (admin): invitations and user administration. */
export function userAdminRoutes(app: App, admin: UserAdminService): void {
  const tags = ['users'];
  // The settings page's people tab, which API-only accounts use too (issue 19 §4).
  const config = { action: 'users.manage', apiOnlyAllowed: true } as const;
  const errors = errorResponses(400, 401, 403, 404);

  app.post(
    '/api/users',
    {
      config: { ...config, idempotent: true },
      schema: {
        tags,
        body: inviteUserBodySchema,
        response: { 201: userSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await admin.invite(principalOf(request), request.body)),
  );

  app.patch(
    '/api/users/:id',
    {
      config,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => admin.update(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/deactivate',
    {
      config: { ...config, idempotent: false },
      schema: { tags, params: userIdParamsSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) => admin.deactivate(principalOf(request), request.params.id),
  );

  app.post(
    '/api/users/:id/reactivate',
    {
      config: { ...config, idempotent: false },
      schema: { tags, params: userIdParamsSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) => admin.reactivate(principalOf(request), request.params.id),
  );

  app.post(
    '/api/users/:id/resend-invite',
    {
      config: { ...config, idempotent: false },
      schema: { tags, params: userIdParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => admin.resendInvite(principalOf(request), request.params.id),
  );
}
