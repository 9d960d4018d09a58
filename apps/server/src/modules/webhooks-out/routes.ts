import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  okSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointCreateBodySchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateBodySchema,
  webhookEndpointWithSecretSchema,
  webhookEventTypeListSchema,
} from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../definition.js';
import { interestFor } from './interest.js';
import { WebhookEndpointsService } from './service.js';

/**
 * /api/webhook-endpoints: the admin's outbound webhook endpoints, their delivery log, replay and
 * test events (issue 19 §5). Signing: Standard Webhooks, see docs/API.md "Webhooks".
 */
export function webhookEndpointsRoutes(app: App, { deps }: ModuleContext): void {
  const service = new WebhookEndpointsService(deps);
  // This process's cache of who listens (interest.ts) follows NOTIFY while the app runs.
  const interest = interestFor(deps);
  void interest.start();
  app.addHook('onClose', () => interest.close());
  const tags = ['webhooks'];
  // Admins, or an API key with `webhooks:write` acting for the account: the service needs only
  // the account. Pages of API-only accounts (/setting/webhooks) use all of it. POSTs say whether
  // they create (issue 19 §3): only creating an endpoint does, and its answer shows a secret once.
  const config = {
    action: 'webhooks.manage',
    scope: 'webhooks:write',
    apiOnlyAllowed: true,
    idempotent: false,
  } as const;
  const accountOf = (request: FastifyRequest) => callerOf(request).accountId;
  const params = webhookEndpointParamsSchema;
  /** Every route's options: the shared config and tag, and this route's schema. */
  const spec = <S extends object>(
    schema: S,
    extra: { idempotent?: true; answerHoldsSecret?: true } = {},
  ) => ({
    config: { ...config, ...extra },
    schema: { tags, ...schema },
  });
  /** The errors of a route on one endpoint: a malformed id, no caller, no right, no endpoint. */
  const onEndpoint = errorResponses(400, 401, 403, 404);

  app.get(
    '/api/webhook-endpoints/event-types',
    spec({
      description: 'The event types an endpoint may subscribe to.',
      response: { 200: webhookEventTypeListSchema, ...errorResponses(401, 403) },
    }),
    async () => ({
      data: WEBHOOK_EVENT_TYPES.map((type) => ({
        type,
        description: WEBHOOK_EVENT_DESCRIPTIONS[type],
      })),
    }),
  );

  app.get(
    '/api/webhook-endpoints',
    spec({
      response: { 200: webhookEndpointListSchema, ...errorResponses(401, 403) },
    }),
    async (request) => service.list(accountOf(request)),
  );

  app.post(
    '/api/webhook-endpoints',
    spec(
      {
        description:
          'Adds an endpoint. The answer carries its `whsec_` signing secret, shown this once. The URL must be https on a public address (400 otherwise).',
        body: webhookEndpointCreateBodySchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errorResponses(400, 401, 403, 409) },
      },
      { idempotent: true, answerHoldsSecret: true },
    ),
    async (request, reply) =>
      reply.code(201).send(await service.create(accountOf(request), request.body)),
  );

  app.get(
    '/api/webhook-endpoints/:id',
    spec({
      params,
      response: { 200: webhookEndpointSchema, ...onEndpoint },
    }),
    async (request) => service.get(accountOf(request), request.params.id),
  );

  app.patch(
    '/api/webhook-endpoints/:id',
    spec({
      description: 'Changes the URL, the event types, or switches the endpoint off and on.',
      params,
      body: webhookEndpointUpdateBodySchema,
      response: { 200: webhookEndpointSchema, ...onEndpoint },
    }),
    async (request) => service.update(accountOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/webhook-endpoints/:id',
    spec({
      params,
      response: { 200: okSchema, ...onEndpoint },
    }),
    async (request) => service.remove(accountOf(request), request.params.id),
  );

  app.post(
    '/api/webhook-endpoints/:id/rotate-secret',
    spec({
      description:
        'A new signing secret, shown this once. For 24 hours every delivery carries a signature by each secret.',
      params,
      response: { 200: webhookEndpointWithSecretSchema, ...onEndpoint },
    }),
    async (request) => service.rotateSecret(accountOf(request), request.params.id),
  );

  app.get(
    '/api/webhook-endpoints/:id/deliveries',
    spec({
      description:
        'The delivery log, newest first: each event with its attempts (request headers, response code and body excerpt, latency).',
      params,
      querystring: webhookDeliveryListQuerySchema,
      response: { 200: webhookDeliveryListSchema, ...onEndpoint },
    }),
    async (request) => service.deliveries(accountOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/webhook-endpoints/:id/deliveries/:deliveryId/replay',
    spec({
      description: 'Sends the delivery again now, with the same `webhook-id`.',
      params: webhookDeliveryParamsSchema,
      response: { 200: webhookDeliverySchema, ...onEndpoint },
    }),
    async (request) =>
      service.replay(accountOf(request), request.params.id, request.params.deliveryId),
  );

  app.post(
    '/api/webhook-endpoints/:id/test',
    spec({
      description: 'Sends a `webhook.test` event to the endpoint now and answers its delivery.',
      params,
      response: { 200: webhookDeliverySchema, ...onEndpoint },
    }),
    async (request) => service.sendTest(accountOf(request), request.params.id),
  );
}
