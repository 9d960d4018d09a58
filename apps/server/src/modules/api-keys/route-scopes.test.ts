import Fastify, { type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { MODULES } from '../registry.js';

/**
 * Walks every registered /api route (issue 19): a route that names a scope accepts a key holding
 * it (whatever else it answers, never 401/403 or a server error) and refuses, with 403, a key
 * holding every scope but that one; a route that names none refuses keys outright.
 */
interface Walked {
  method: string;
  url: string;
  scope: Scope | undefined;
}

let ctx: TestContext;
let admin: TestUser;
const routes: Walked[] = [];
const keys = new Map<string, string>();
const ALL = 'all';

async function keyWith(scopes: readonly Scope[]): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.auth,
    payload: { name: `walk ${scopes.length}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key as string;
}

const ID = '00000000-0000-4000-8000-000000000000';
const call = (route: Walked, key: string) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z]+/g, ID),
    headers: { authorization: `Bearer ${key}` },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, await createAccount(ctx, { type: 'api_only' }), { role: 'admin' });
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as { public?: boolean; scope?: Scope };
    if (!route.url.startsWith('/api/') || config.public) return;
    for (const method of methods)
      if (method !== 'HEAD') routes.push({ method, url: route.url, scope: config.scope });
  });
  for (const register of MODULES) register(app, { deps: ctx.deps, services: ctx.services });
  await app.ready();
  await app.close();
  keys.set(ALL, await keyWith(SCOPES));
  for (const scope of SCOPES) keys.set(scope, await keyWith(SCOPES.filter((s) => s !== scope)));
});
afterAll(() => ctx.close());

describe('every route and API keys', () => {
  it('sees the machine routes', () => {
    const scoped = routes.filter((r) => r.scope).map((r) => `${r.method} ${r.url}`);
    expect(scoped).toEqual(
      expect.arrayContaining([
        'POST /api/messages',
        'POST /api/messages/template',
        'GET /api/chats/paginate',
        'GET /api/messages/paginate',
        'POST /api/chats/assign',
        'POST /api/chats/labels',
        'POST /api/chats/resolve-ticket',
        'GET /api/contacts',
        'GET /api/contacts/groups',
        'GET /api/hsm',
        'POST /api/broadcasts',
        'GET /api/broadcastrecipients',
        'GET /api/reports',
      ]),
    );
  });

  it('refuses keys on every route without a scope', async () => {
    const all = keys.get(ALL) as string;
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.scope)) {
      const res = await call(route, all);
      if (res.statusCode !== 403 || res.json().code !== 'API_KEY_NOT_ALLOWED')
        wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('accepts a key with the scope and refuses one without it on every scoped route', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.scope)) {
      const scope = route.scope as Scope;
      const ok = await call(route, keys.get(ALL) as string);
      if (ok.statusCode === 401 || ok.statusCode === 403 || ok.statusCode >= 500)
        wrong.push(`${route.method} ${route.url} with ${scope} → ${ok.statusCode} ${ok.body}`);
      const refused = await call(route, keys.get(scope) as string);
      if (refused.statusCode !== 403 || refused.json().code !== 'API_KEY_SCOPE')
        wrong.push(`${route.method} ${route.url} without ${scope} → ${refused.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('marks the machine routes in the OpenAPI document with their scope and an example', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const send = doc.paths['/api/messages'].post;
    expect(send['x-scopes']).toEqual(['messages:send']);
    expect(send.security).toEqual([{ bearer: [] }, { apiKey: ['messages:send'] }]);
    expect(send.description).toContain('messages:send');
    expect(send.requestBody.content['application/json'].example).toMatchObject({
      text: expect.any(String),
    });
    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!op) continue; // hidden from the docs
      expect(op['x-scopes'], `${route.method} ${route.url}`).toEqual(
        route.scope ? [route.scope] : undefined,
      );
    }
  });
});
