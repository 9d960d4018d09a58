import { z } from 'zod';
import {
  channelTypeSchema,
  createServiceBodySchema,
  okSchema,
  serviceListQuerySchema,
  serviceListSchema,
  serviceSchema,
  updateServiceBodySchema,
  webhookInfoSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import {
  deleteService,
  disconnectService,
  editService,
  reconnectService,
} from './manage.service.js';
import { createService, getService, listServices, toggleService } from './service.js';

const idParams = z.object({ id: z.uuid({ error: 'Channel not found' }) });

export function channelRoutes(app: App, { deps }: ModuleContext): void {
  app.get(
    '/api/services',
    {
      config: { apiOnlyAllowed: true, action: 'channels.read' },
      schema: {
        tags: ['services'],
        querystring: serviceListQuerySchema,
        response: { 200: serviceListSchema },
      },
    },
    async (request) => ({
      data: await listServices(deps, principalOf(request), { isEnable: request.query.isEnable }),
    }),
  );

  app.get(
    '/api/services/all/:channel',
    {
      config: { apiOnlyAllowed: true, action: 'channels.read' },
      schema: {
        tags: ['services'],
        params: z.object({ channel: channelTypeSchema }),
        querystring: serviceListQuerySchema,
        response: { 200: serviceListSchema },
      },
    },
    async (request) => ({
      data: await listServices(deps, principalOf(request), {
        channel: request.params.channel,
        isEnable: request.query.isEnable,
      }),
    }),
  );

  // Where to point Meta: the callback URL and verify token of this installation.
  app.get(
    '/api/services/webhook-info',
    {
      config: { apiOnlyAllowed: true, action: 'channels.manage' },
      schema: { tags: ['services'], response: { 200: webhookInfoSchema } },
    },
    async () => ({
      webhookUrl: `${deps.config.appUrl}/webhooks/meta`,
      verifyToken: deps.config.metaVerifyToken,
    }),
  );

  app.get(
    '/api/services/:id',
    {
      config: { apiOnlyAllowed: true, action: 'channels.read' },
      schema: { tags: ['services'], params: idParams, response: { 200: serviceSchema } },
    },
    async (request) => getService(deps, principalOf(request), request.params.id),
  );

  app.post(
    '/api/services',
    {
      config: { apiOnlyAllowed: true, idempotent: true, action: 'channels.manage' },
      schema: {
        tags: ['services'],
        body: createServiceBodySchema,
        response: { 201: serviceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createService(deps, principalOf(request), request.body)),
  );

  app.post(
    '/api/services/toggle/:id',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'channels.manage' },
      schema: { tags: ['services'], params: idParams, response: { 200: serviceSchema } },
    },
    async (request) => toggleService(deps, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/services/:id',
    {
      config: { apiOnlyAllowed: true, action: 'channels.manage' },
      schema: {
        tags: ['services'],
        params: idParams,
        body: updateServiceBodySchema,
        response: { 200: serviceSchema },
      },
    },
    async (request) => editService(deps, principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/services/:id/disconnect',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'channels.manage' },
      schema: { tags: ['services'], params: idParams, response: { 200: serviceSchema } },
    },
    async (request) => disconnectService(deps, principalOf(request), request.params.id),
  );

  app.post(
    '/api/services/:id/reconnect',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'channels.manage' },
      schema: { tags: ['services'], params: idParams, response: { 200: serviceSchema } },
    },
    async (request) => reconnectService(deps, principalOf(request), request.params.id),
  );

  app.delete(
    '/api/services/:id',
    {
      config: { apiOnlyAllowed: true, action: 'channels.manage' },
      schema: { tags: ['services'], params: idParams, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteService(deps, principalOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
