import {
  createOrderParamsSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  paymentWebhookParamsSchema,
  planOrderBodySchema,
  snapTokenQuerySchema,
  snapTokenSchema,
  topupOrderBodySchema,
} from '@sapa/contracts';
import { principalOf } from '../../../http/authenticate.js';
import { errorResponses } from '../../../http/error-responses.js';
import type { App } from '../../../http/types.js';
import type { ModuleContext } from '../../registry.js';
import { PaymentNotifications } from './notifications.service.js';
import { OrdersService } from './orders.service.js';

/** Orders (`/api/order…`, spec §7) and the gateways' notifications (`/webhooks/payments/…`). */
export function paymentRoutes(app: App, { deps }: ModuleContext): void {
  const orders = new OrdersService(deps);
  const notifications = new PaymentNotifications(deps);
  const created = { 201: orderSchema, ...errorResponses(400, 401, 403, 409) };

  app.post(
    '/api/order/create-order/topup',
    {
      config: { apiOnlyAllowed: true, idempotent: true, action: 'orders.create' },
      schema: { tags: ['orders'], body: topupOrderBodySchema, response: created },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await orders.create(principalOf(request), { type: 'topup', ...request.body })),
  );

  for (const type of ['subscription', 'renewal'] as const) {
    app.post(
      `/api/order/create-order/${type}`,
      {
        config: { apiOnlyAllowed: true, idempotent: true, action: 'orders.create' },
        schema: { tags: ['orders'], body: planOrderBodySchema, response: created },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await orders.create(principalOf(request), { type, ...request.body })),
    );
  }

  // Any other type: the static routes above win for the known ones, so this answers the rest
  // with a 400 that lists them.
  app.post(
    '/api/order/create-order/:type',
    {
      config: { apiOnlyAllowed: true, idempotent: true, action: 'orders.create' },
      schema: { tags: ['orders'], hide: true, params: createOrderParamsSchema },
    },
    async () => {
      throw new Error('unreachable: every order type has its own route');
    },
  );

  app.get(
    '/api/order/create-snap-token',
    {
      config: { apiOnlyAllowed: true, action: 'orders.create' },
      schema: {
        tags: ['orders'],
        querystring: snapTokenQuerySchema,
        response: { 200: snapTokenSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => orders.paymentSession(principalOf(request), request.query.orderId),
  );

  app.get(
    '/api/order',
    {
      config: { apiOnlyAllowed: true, action: 'orders.read' },
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, perpage, type } = request.query;
      const { data, total } = await orders.list(principalOf(request).accountId, {
        page,
        perpage,
        type,
      });
      return { data, meta: { total, page, perpage } };
    },
  );

  app.get(
    '/api/order/:id',
    {
      config: { apiOnlyAllowed: true, action: 'orders.read' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => orders.get(principalOf(request).accountId, request.params.id),
  );

  // The gateway's server-to-server notification: no sign-in, its own signature instead.
  app.post(
    '/webhooks/payments/:gateway',
    {
      config: { public: true },
      schema: { hide: true, params: paymentWebhookParamsSchema },
    },
    async (request, reply) => {
      await notifications.receive(request.params.gateway, request.headers, request.body);
      return reply.status(200).send({ status: 'ok' });
    },
  );
}
