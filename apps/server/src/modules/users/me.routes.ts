import {
  agentListQuerySchema,
  changePasswordBodySchema,
  okSchema,
  updateMeBodySchema,
  userListSchema,
  userSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ProfileService } from './profile.service.js';

/** The signed-in user's profile and password, and the account's user list. */
export function meRoutes(app: App, profile: ProfileService): void {
  const tags = ['users'];

  app.get(
    '/api/users/me',
    {
      // The 2FA page shows who is signing in before the code is entered.
      config: { apiOnlyAllowed: true, action: 'profile.read', allowPendingTwoFactor: true },
      schema: { tags, response: { 200: userSchema, ...errorResponses(401, 403) } },
    },
    async (request) => profile.me(principalOf(request)),
  );

  app.patch(
    '/api/users/me',
    {
      config: { apiOnlyAllowed: true, action: 'profile.update' },
      schema: {
        tags,
        body: updateMeBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => profile.updateMe(principalOf(request), request.body),
  );

  app.patch(
    '/api/users/me/password',
    {
      config: { apiOnlyAllowed: true, action: 'profile.update' },
      schema: {
        tags,
        body: changePasswordBodySchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => profile.changePassword(principalOf(request), request.body),
  );

  app.get(
    '/api/users/agent',
    {
      config: { apiOnlyAllowed: true, action: 'users.list' },
      schema: {
        tags,
        querystring: agentListQuerySchema,
        response: { 200: userListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => profile.listAgents(principalOf(request), request.query),
  );
}
