import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { methodsOf, registeredRoutes } from '../test/registered-routes.js';

/**
 * Issue 19 loose end: /api/docs tells an integrator what the server does with `Idempotency-Key`
 * and the per-key rate limit. Walks every registered route, so a new creating route or a new
 * machine route cannot leave the document without them.
 */

interface Operation {
  parameters?: { in: string; name: string; schema?: Record<string, unknown> }[];
  responses: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

let ctx: TestContext;
let routes: RouteOptions[];
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  routes = await registeredRoutes(ctx);
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  paths = res.json().paths;
});
afterAll(() => ctx.close());

/** Each documented operation of the routes that match, with its name for messages. */
function operations(match: (r: RouteOptions) => boolean): { name: string; op: Operation }[] {
  const found: { name: string; op: Operation }[] = [];
  for (const route of routes.filter(match))
    for (const method of methodsOf(route)) {
      const op = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (op) found.push({ name: `${method} ${route.url}`, op });
    }
  return found;
}

const idempotencyParam = (op: Operation) =>
  op.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');

describe('the OpenAPI document at /api/docs', () => {
  it('documents Idempotency-Key, its 409 and 422 and Idempotent-Replayed on every creating route', () => {
    const creating = operations((r) => r.config?.idempotent === true);
    expect(creating.length).toBeGreaterThan(10);
    for (const { name, op } of creating) {
      expect(idempotencyParam(op), name).toMatchObject({ schema: { maxLength: 255 } });
      expect(op.responses['409']?.description, name).toContain('Idempotency-Key');
      expect(op.responses['409']?.headers, name).toHaveProperty('Retry-After');
      expect(op.responses['422']?.description, name).toContain('Idempotency-Key');
      const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(successes.length, name).toBeGreaterThan(0);
      for (const [status, answer] of successes)
        expect(answer.headers, `${name} ${status}`).toHaveProperty('Idempotent-Replayed');
    }
  });

  it('keeps the header off routes that ignore it', () => {
    for (const { name, op } of operations((r) => r.config?.idempotent !== true))
      expect(idempotencyParam(op), name).toBeUndefined();
  });

  it('documents the RateLimit-* headers and 429 with Retry-After on every route an API key may call', () => {
    const machine = operations((r) => Boolean(r.config?.scope));
    expect(machine.length).toBeGreaterThan(10);
    for (const { name, op } of machine) {
      expect(op.responses['429']?.headers, name).toHaveProperty('Retry-After');
      for (const [status, answer] of Object.entries(op.responses))
        for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
          expect(answer.headers, `${name} ${status}`).toHaveProperty(header);
    }
    for (const { name, op } of operations((r) => !r.config?.scope))
      expect(op.responses['200']?.headers?.['RateLimit-Limit'], name).toBeUndefined();
  });
});
