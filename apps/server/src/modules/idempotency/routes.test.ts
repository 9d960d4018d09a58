import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import {
  isTenantPrivate,
  methodsOf,
  registeredRoutes,
  urlOf,
} from '../../test/registered-routes.js';

/**
 * Every POST of the tenant API says whether it creates something (`idempotent`), so a new one
 * cannot forget `Idempotency-Key`; and the header is honoured on exactly the routes that say so.
 */

// The creating POSTs (issue 19 §3): sends, and everything that adds a row a retry would double.
const CREATING = [
  '/api/broadcasts',
  '/api/contacts',
  '/api/contacts/attributes',
  '/api/contacts/groups',
  '/api/contacts/groups/:id/members',
  '/api/contacts/import/commit',
  '/api/division',
  '/api/greeting',
  '/api/hsm',
  '/api/hsm/welcome',
  '/api/labels',
  '/api/messages',
  '/api/messages/template',
  '/api/order/create-order/:type',
  '/api/order/create-order/renewal',
  '/api/order/create-order/subscription',
  '/api/order/create-order/topup',
  '/api/quick-reply',
  '/api/services',
  '/api/subscription/trial',
  '/api/users',
  '/api/users/light/link',
];
// Issue 19's other parts add these; whenever they are registered they must be idempotent.
const CREATING_ELSEWHERE = ['/api/api-keys', '/api/webhook-endpoints'];

let ctx: TestContext;
let routes: RouteOptions[];
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  routes = await registeredRoutes(ctx);
  admin = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
});
afterAll(() => ctx.close());

const tenantPosts = () => routes.filter((r) => methodsOf(r).includes('POST') && isTenantPrivate(r));

describe('creating POSTs', () => {
  it('every tenant POST says whether it is idempotent', () => {
    expect(tenantPosts().length).toBeGreaterThan(40);
    const undecided = tenantPosts()
      .filter((r) => typeof r.config?.idempotent !== 'boolean')
      .map((r) => r.url);
    expect(undecided).toEqual([]);
  });

  it('exactly the creating ones are', () => {
    const idempotent = tenantPosts()
      .filter((r) => r.config?.idempotent === true)
      .map((r) => r.url);
    expect(idempotent.filter((u) => !CREATING_ELSEWHERE.includes(u)).sort()).toEqual(CREATING);
    for (const url of CREATING_ELSEWHERE)
      for (const r of tenantPosts().filter((route) => route.url === url))
        expect(r.config?.idempotent, url).toBe(true);
  });

  it('public POSTs have no caller to scope a key by, so none claims one', () => {
    const publicIdempotent = routes
      .filter((r) => r.config?.public && r.config?.idempotent)
      .map((r) => r.url);
    expect(publicIdempotent).toEqual([]);
  });

  it('the header is read on every idempotent route and ignored on the others', async () => {
    const wrong: string[] = [];
    for (const route of tenantPosts()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: urlOf(route),
        // A malformed key: refused before anything runs where the header counts.
        headers: { ...admin.auth, 'idempotency-key': 'not a valid key' },
        payload: {},
      });
      const refused = res.statusCode === 400 && res.json().code === 'IDEMPOTENCY_KEY_INVALID';
      if (refused !== (route.config?.idempotent === true))
        wrong.push(`${route.url} ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
