import {
  contactGroupBodySchema,
  contactGroupListQuerySchema,
  contactGroupListSchema,
  contactGroupMembersBodySchema,
  contactGroupMembersQuerySchema,
  contactGroupMembersResultSchema,
  contactGroupSchema,
  contactGroupUpdateBodySchema,
  contactIdParamsSchema,
  contactListSchema,
  okSchema,
} from '@sapa/contracts';
import { callerOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { ContactGroupsService } from './service.js';

/**
 * /api/contacts/groups: everyone reads (contact detail, filters); managers change them. These are
 * static segments, so Fastify's router prefers them over the contacts module's `/api/contacts/:id`
 * whatever the registration order.
 */
export function contactGroupsRoutes(app: App, { deps }: ModuleContext): void {
  const groups = new ContactGroupsService(deps);
  const tags = ['contact groups'];
  const read = { action: 'contactGroups.read' } as const;
  const manage = { action: 'contactGroups.manage' } as const;
  const params = contactIdParamsSchema;

  app.get(
    '/api/contacts/groups',
    {
      config: { ...read, scope: 'contacts:read' },
      schema: {
        tags,
        querystring: contactGroupListQuerySchema,
        response: { 200: contactGroupListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => groups.list(callerOf(request), request.query),
  );

  app.post(
    '/api/contacts/groups',
    {
      config: { ...manage, scope: 'contacts:write' },
      schema: {
        tags,
        body: contactGroupBodySchema,
        response: { 201: contactGroupSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await groups.create(callerOf(request), request.body)),
  );

  app.patch(
    '/api/contacts/groups/:id',
    {
      config: { ...manage, scope: 'contacts:write' },
      schema: {
        tags,
        params,
        body: contactGroupUpdateBodySchema,
        response: { 200: contactGroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => groups.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contacts/groups/:id',
    {
      config: { ...manage, scope: 'contacts:write' },
      schema: {
        tags,
        params,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => groups.remove(callerOf(request), request.params.id),
  );

  app.get(
    '/api/contacts/groups/:id/members',
    {
      config: { ...read, scope: 'contacts:read' },
      schema: {
        tags,
        params,
        querystring: contactGroupMembersQuerySchema,
        response: { 200: contactListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => groups.members(callerOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/contacts/groups/:id/members',
    {
      config: { ...manage, scope: 'contacts:write' },
      schema: {
        tags,
        params,
        body: contactGroupMembersBodySchema,
        response: { 200: contactGroupMembersResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      groups.addMembers(callerOf(request), request.params.id, request.body.contactIds),
  );

  app.delete(
    '/api/contacts/groups/:id/members',
    {
      config: { ...manage, scope: 'contacts:write' },
      schema: {
        tags,
        params,
        body: contactGroupMembersBodySchema,
        response: { 200: contactGroupMembersResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      groups.removeMembers(callerOf(request), request.params.id, request.body.contactIds),
  );
}
