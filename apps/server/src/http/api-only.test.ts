import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ACCESS_MESSAGES } from '@sapa/contracts';
import { createDb } from '../db/database.js';
import type { KeyPrincipal } from '../modules/auth/principal.js';
import { assertApiOnlyMayCall } from './api-only.js';
import { runOperatorCli } from '../modules/ops/cli.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createAccount, createUser, type TestUser } from '../test/fixtures.js';
import { isTenantPrivate, methodsOf, registeredRoutes, urlOf } from '../test/registered-routes.js';

/**
 * Issue 19 §4: the people of an API-only account reach only the API behind the pages the web app
 * lets them open (routes flagged `apiOnlyAllowed`); every other private route answers them 403.
 */

// What those pages call: home (dashboard), templates, reports, settings (people, divisions,
// 2FA, profile), top-up, billing and orders, plan, integrations, and the shell's presence.
const ALLOWED_PREFIXES = [
  '/api/billing',
  '/api/division',
  '/api/hsm',
  '/api/order',
  '/api/reports',
  '/api/services',
  '/api/topup',
  // Integration → WhatsApp basic (issue 20): linking a number by QR code.
  '/api/users/light',
];
const ALLOWED = [
  'GET /api/ai/enable_ai',
  'GET /api/auth/2fa/generate',
  'POST /api/auth/2fa/turn-off',
  'POST /api/auth/2fa/turn-on',
  'POST /api/auth/2fa/validate',
  'GET /api/dashboard',
  'POST /api/media',
  'GET /api/onboarding',
  'GET /api/presence',
  'POST /api/presence',
  'GET /api/pricing/standing',
  'GET /api/product',
  'GET /api/settings',
  'POST /api/settings',
  'GET /api/settings/:key',
  'GET /api/settings/subscription-info',
  'POST /api/subscription/trial',
  'POST /api/users',
  'PATCH /api/users/:id',
  'POST /api/users/:id/deactivate',
  'POST /api/users/:id/reactivate',
  'POST /api/users/:id/resend-invite',
  'GET /api/users/agent',
  'GET /api/users/me',
  'PATCH /api/users/me',
  'GET /api/users/me/all',
  'PATCH /api/users/me/password',
];
// The /setting/api and /setting/webhooks pages (issue 19's other parts), once registered.
const ALLOWED_ELSEWHERE = ['/api/api-keys', '/api/webhook-endpoints'];

const under = (url: string, prefixes: string[]) =>
  prefixes.some((p) => url === p || url.startsWith(`${p}/`));

let ctx: TestContext;
let routes: RouteOptions[];
let apiOnlyAdmin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  routes = (await registeredRoutes(ctx)).filter(isTenantPrivate);
  apiOnlyAdmin = await createUser(ctx, await createAccount(ctx, { type: 'api_only' }));
});
afterAll(() => ctx.close());

const call = (user: TestUser, method: string, url: string) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: user.auth,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('API-only accounts on the server', () => {
  it('flags exactly the API of the pages those accounts open', () => {
    const flagged = routes
      .filter((r) => r.config?.apiOnlyAllowed)
      .flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`))
      .filter((id) => !under(id.split(' ')[1] ?? '', ALLOWED_PREFIXES.concat(ALLOWED_ELSEWHERE)));
    expect(flagged.sort()).toEqual([...ALLOWED].sort());
    for (const r of routes.filter((route) => under(route.url, ALLOWED_PREFIXES)))
      expect(r.config?.apiOnlyAllowed, r.url).toBe(true);
    for (const r of routes.filter((route) => under(route.url, ALLOWED_ELSEWHERE)))
      expect(r.config?.apiOnlyAllowed, r.url).toBe(true);
    // Chats, messages, contacts and broadcasts are the API keys' work.
    const refused = routes.filter((r) => !r.config?.apiOnlyAllowed).map((r) => r.url);
    for (const url of ['/api/chats/active', '/api/messages', '/api/contacts', '/api/broadcasts'])
      expect(refused).toContain(url);
  });

  it('answers their users 403 on every other private route, and lets the flagged ones through', async () => {
    const wrong: string[] = [];
    for (const route of routes)
      for (const method of methodsOf(route)) {
        const res = await call(apiOnlyAdmin, method, urlOf(route));
        const refused = res.statusCode === 403 && res.json().code === 'API_ONLY_ACCOUNT';
        if (refused === Boolean(route.config?.apiOnlyAllowed))
          wrong.push(`${method} ${route.url} ${res.statusCode}`);
      }
    expect(wrong).toEqual([]);
  });

  it('never refuses an API key: keys are not users', () => {
    const config = { apiOnlyAllowed: false };
    const key: KeyPrincipal = {
      userId: null,
      sessionId: null,
      accountId: apiOnlyAdmin.accountId,
      role: 'admin',
      name: 'API key Zapier',
      accountType: 'api_only',
      divisionIds: [],
      agentIds: [],
      divisionOnlyView: false,
      allChat: true,
      apiKey: { id: '00000000-0000-4000-8000-000000000001', name: 'Zapier', scopes: [] },
    };
    expect(() => assertApiOnlyMayCall(key, config)).not.toThrow();
    expect(() => assertApiOnlyMayCall({ ...key, accountType: 'regular' }, config)).not.toThrow();
  });

  it("the account's API keys read its chats where its people are refused", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: apiOnlyAdmin.auth,
      payload: { name: 'CRM', scopes: ['chats:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = { authorization: `Bearer ${(created.json() as { key: string }).key}` };
    const asKey = await ctx.app.inject({ method: 'GET', url: '/api/chats/paginate', headers: key });
    expect(asKey.statusCode, asKey.body).toBe(200);
    const asAdmin = await call(apiOnlyAdmin, 'GET', '/api/chats/paginate');
    expect(asAdmin.statusCode).toBe(403);
  });

  it('says why, to agents too', async () => {
    const agent = await createUser(ctx, apiOnlyAdmin.accountId, { role: 'agent' });
    const res = await call(agent, 'GET', '/api/chats/active');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: API_ACCESS_MESSAGES.apiOnlyRefused,
      code: 'API_ONLY_ACCOUNT',
    });
  });

  it('the operator makes an account API-only from the command line, and it takes effect at once', async () => {
    const admin = await createUser(ctx, await createAccount(ctx));
    expect((await call(admin, 'GET', '/api/chats/active')).statusCode).toBe(200);
    const cli = createDb(ctx.databaseUrl, 2);
    const operator = (...argv: string[]) =>
      runOperatorCli(
        argv,
        {
          db: cli.db,
          pool: cli.pool,
          clock: ctx.clock,
          config: ctx.deps.config,
          secrets: ctx.deps.secrets,
          log: ctx.deps.log,
        },
        { out: () => undefined, err: () => undefined },
      );
    try {
      expect(await operator('set', admin.email, 'bo.api_only', 'true')).toBe(0);
      // The CLI is another process: the server hears of it by NOTIFY, as a second server would.
      await vi.waitFor(async () =>
        expect((await call(admin, 'GET', '/api/chats/active')).statusCode).toBe(403),
      );
      expect((await call(admin, 'GET', '/api/dashboard')).statusCode).toBe(200);
      expect(await operator('set', admin.email, 'bo.api_only', 'false')).toBe(0);
      await vi.waitFor(async () =>
        expect((await call(admin, 'GET', '/api/chats/active')).statusCode).toBe(200),
      );
    } finally {
      await cli.db.destroy();
    }
  });
});
