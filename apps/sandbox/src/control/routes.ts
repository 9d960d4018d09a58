import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { faultsBodySchema } from '../faults.js';
import { invalidParameter } from '../graph/errors.js';

const numberSchema = z.object({
  phoneNumberId: z.string().regex(/^\d{1,20}$/, 'must be digits'),
  displayPhoneNumber: z.string().regex(/^\d{5,20}$/, 'must be digits, without +'),
  wabaId: z.string().regex(/^\d{1,20}$/, 'must be digits'),
  accessToken: z.string().min(1),
  name: z.string().min(1).max(100),
});

const rawWebhookQuery = z.object({
  wait: z.enum(['true', 'false', '1', '0']).optional(),
  retry: z.enum(['true', 'false', '1', '0']).optional(),
  signature: z.enum(['valid', 'invalid', 'none']).optional(),
});

const truthy = (v: string | undefined) => v === 'true' || v === '1';

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidParameter(
    `(#100) Invalid parameter ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
  );
}

/** Test and operator controls under /sandbox: numbers, faults, call and delivery logs, reset. */
export function registerControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/sandbox/health', () => ({ ok: true }));

  app.get('/sandbox/numbers', () => ({
    data: ctx.store.listNumbers().map(({ accessToken: _token, ...rest }) => rest),
  }));

  app.post('/sandbox/numbers', (request, reply) => {
    const number = parseOrThrow(numberSchema, request.body);
    ctx.store.addNumber(number);
    return reply.code(201).send({ ...number, accessToken: undefined });
  });

  app.post('/sandbox/faults', (request) => {
    const body = parseOrThrow(faultsBodySchema, request.body);
    ctx.faults.add(body.phoneNumberId, body.rules);
    return { data: ctx.faults.list() };
  });
  app.get('/sandbox/faults', () => ({ data: ctx.faults.list() }));
  app.delete('/sandbox/faults', () => {
    ctx.faults.clear();
    return { success: true };
  });

  app.get<{
    Querystring: { endpoint?: string; phoneNumberId?: string; pageId?: string; since?: string };
  }>('/sandbox/calls', (request) => {
    const since = request.query.since === undefined ? undefined : Number(request.query.since);
    return {
      data: ctx.calls.list({
        endpoint: request.query.endpoint,
        phoneNumberId: request.query.phoneNumberId,
        pageId: request.query.pageId,
        since: Number.isFinite(since) ? since : undefined,
      }),
    };
  });
  app.delete('/sandbox/calls', () => {
    ctx.calls.clear();
    return { success: true };
  });

  app.get<{ Querystring: { state?: string; limit?: string } }>(
    '/sandbox/deliveries',
    (request) => ({
      data: ctx.deliverer.list({
        state: request.query.state,
        limit: Math.min(Number(request.query.limit) || 100, 1000),
      }),
    }),
  );
  app.get<{ Params: { id: string } }>('/sandbox/deliveries/:id', (request, reply) => {
    const delivery = ctx.deliverer.get(request.params.id);
    return delivery ? delivery : reply.code(404).send({ error: { message: 'No such delivery' } });
  });

  // Signs and delivers any payload: Sapa's tests and the benchmark shape their own webhooks.
  app.post('/sandbox/raw-webhook', async (request, reply) => {
    const query = parseOrThrow(rawWebhookQuery, request.query);
    if (request.body === undefined || request.body === null) {
      throw invalidParameter('(#100) A JSON payload is required');
    }
    const { delivery, firstAttempt } = ctx.deliverer.deliver(request.body, {
      kind: 'raw',
      summary: 'raw webhook',
      retry: query.retry === undefined ? true : truthy(query.retry),
      signature: query.signature,
    });
    if (truthy(query.wait)) {
      const done = await firstAttempt;
      const last = done.attempts.at(-1);
      return { id: done.id, status: last?.status ?? null, error: last?.error, state: done.state };
    }
    return reply.code(202).send({ id: delivery.id, state: delivery.state });
  });

  app.post('/sandbox/reset', () => {
    ctx.faults.clear();
    ctx.calls.clear();
    ctx.throughput.reset();
    ctx.ledger.reset();
    ctx.arrivals.reset();
    ctx.deliverer.clearLog();
    ctx.payments.reset();
    ctx.store.reset();
    ctx.meta.store.reset();
    ctx.wa.reset();
    ctx.seed();
    ctx.events.broadcast({ type: 'reset', data: {} });
    return { success: true };
  });
}
