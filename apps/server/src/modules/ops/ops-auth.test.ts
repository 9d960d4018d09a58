import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_COOKIE } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { generatePin } from '../auth/two-factor.js';
import {
  cli,
  cookieOf,
  createOperator,
  nextPin,
  OPS_PASSWORD,
  randomAddress,
  signInOperator,
  type TestOperator,
} from './test-helpers.js';

// Operator permissions both ways (issue 16, item 9): tenants never pass /api/ops, operators never
// pass a tenant route or socket, and an operator session is useless before its authenticator code.

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let operator: TestOperator;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  operator = await createOperator(ctx);
});
afterAll(async () => ctx.close());

/** Every console route with a body or parameters it would refuse if it got that far. */
const guardedRoutes = () => [
  { method: 'GET' as const, url: '/api/ops/accounts?page=-4&perpage=abc' },
  { method: 'GET' as const, url: '/api/ops/accounts/not-a-uuid' },
  { method: 'PUT' as const, url: `/api/ops/accounts/${accountId}/settings`, payload: { x: 1 } },
  { method: 'POST' as const, url: `/api/ops/accounts/${accountId}/balance`, payload: {} },
  { method: 'POST' as const, url: `/api/ops/accounts/${accountId}/due-date`, payload: [] },
  { method: 'POST' as const, url: `/api/ops/accounts/${accountId}/suspend`, payload: {} },
  { method: 'POST' as const, url: `/api/ops/accounts/${accountId}/unsuspend`, payload: {} },
  { method: 'PUT' as const, url: '/api/ops/invoices/nope/tax-invoice-number', payload: {} },
];

describe('a tenant at /api/ops', () => {
  it('gets 401 on every console route before its input is looked at', async () => {
    for (const route of guardedRoutes()) {
      const res = await ctx.app.inject({ ...route, headers: admin.auth });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('NO_OPS_SESSION');
    }
  });

  it('gets 401 with its access token in the console cookie', async () => {
    for (const route of guardedRoutes()) {
      const res = await ctx.app.inject({
        ...route,
        headers: { cookie: `${OPS_COOKIE}=${admin.token}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('OPS_SESSION_INVALID');
    }
  });

  it('cannot sign in to the console with its own password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/sign-in',
      payload: { email: admin.email, password: 'Secret123' },
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('an operator at tenant routes', () => {
  const opsToken = () => operator.cookie.cookie.slice(`${OPS_COOKIE}=`.length);

  it('gets 401 with the console token as a bearer', async () => {
    for (const url of [
      '/api/users/me',
      '/api/settings',
      '/api/chats/paginate',
      '/api/topup/last-saldo-history',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${opsToken()}` },
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('is refused by the socket server', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      auth: { token: opsToken() },
      transports: ['websocket'],
      reconnection: false,
    });
    const outcome = await new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (err) => resolve(err.message));
    });
    socket.disconnect();
    expect(outcome).not.toBe('connected');
    // The same server lets a tenant's token in: the refusal is about the token, not the socket.
    const tenant = connect(url, {
      auth: { token: admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const tenantOutcome = await new Promise<string>((resolve) => {
      tenant.on('connect', () => resolve('connected'));
      tenant.on('connect_error', (err) => resolve(err.message));
    });
    tenant.disconnect();
    expect(tenantOutcome).toBe('connected');
  });
});

describe('operator sign-in', () => {
  async function passwordOnly(email = operator.email) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/sign-in',
      payload: { email, password: OPS_PASSWORD },
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().operator.twoFactorVerified).toBe(false);
    const cookie = res.cookies.find((c) => c.name === OPS_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api/ops');
    return cookieOf(res);
  }

  it('opens nothing with the password alone', async () => {
    const cookie = await passwordOnly();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/accounts',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('2FA_REQUIRED');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/auth/me',
      headers: { cookie },
    });
    expect(me.json().operator.twoFactorVerified).toBe(false);
  });

  it('opens the console with a code, and a wrong code changes nothing', async () => {
    const cookie = await passwordOnly();
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-factor',
      headers: { cookie },
      payload: {
        pin: '000000' === generatePin(operator.secret, ctx.clock.now()) ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-factor',
      headers: { cookie },
      payload: { pin: nextPin(ctx, operator.secret) },
    });
    expect(ok.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/accounts',
      headers: { cookie: cookieOf(ok) },
    });
    expect(list.statusCode).toBe(200);
  });

  it('accepts each code once: the same step cannot open a second session', async () => {
    const first = await passwordOnly();
    const second = await passwordOnly();
    const pin = nextPin(ctx, operator.secret);
    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-factor',
      headers: { cookie: first },
      payload: { pin },
    });
    expect(used.statusCode).toBe(200);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-factor',
      headers: { cookie: second },
      payload: { pin },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('2FA_REUSED');
  });

  it('locks the code after 5 wrong tries (429 with the wait)', async () => {
    const other = await createOperator(ctx);
    const cookie = await passwordOnly(other.email);
    const good = generatePin(other.secret, ctx.clock.now());
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ops/auth/two-factor',
        headers: { cookie },
        payload: { pin: bad },
        remoteAddress: randomAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-factor',
      headers: { cookie },
      payload: { pin: nextPin(ctx, other.secret) },
      remoteAddress: randomAddress(),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('a password-only session dies after 10 minutes', async () => {
    const cookie = await passwordOnly();
    ctx.clock.advance(11 * 60_000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-factor',
      headers: { cookie },
      payload: { pin: nextPin(ctx, operator.secret) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('signing out ends the session on the server', async () => {
    const cookie = await signInOperator(ctx, operator.email, operator.secret);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/accounts',
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('setup link', () => {
  async function link(email: string) {
    const created = await cli(ctx, 'create', email);
    expect(created.code).toBe(0);
    const line = created.out.split('\n').find((l) => l.includes('/ops/setup?token='))!;
    expect(line.startsWith('http://sapa.test/ops/setup?token=')).toBe(true);
    return new URL(line).searchParams.get('token')!;
  }

  it('is used once, and a wrong code does not use it', async () => {
    const email = `setup-${Date.now()}@sapa.test`;
    const token = await link(email);
    const info = (
      await ctx.app.inject({ method: 'GET', url: `/api/ops/setup?token=${token}` })
    ).json();
    expect(info.email).toBe(email);
    expect(info.qrCode).toMatch(/^data:image\/png;base64,/);
    const body = { token, name: 'New Op', password: OPS_PASSWORD };
    const good = generatePin(info.secret, ctx.clock.now());
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/setup',
      payload: { ...body, pin: good === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/setup',
      payload: { ...body, pin: nextPin(ctx, info.secret) },
    });
    expect(ok.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/setup',
      payload: { ...body, pin: nextPin(ctx, info.secret) },
    });
    expect(again.statusCode).toBe(404);
    const audit = await ctx.deps.db
      .selectFrom('ops_audit_log')
      .innerJoin('operators', 'operators.id', 'ops_audit_log.operator_id')
      .select(['action', 'via'])
      .where('operators.email', '=', email)
      .orderBy('ops_audit_log.id')
      .execute();
    expect(audit).toEqual([
      { action: 'operator.create', via: 'cli' },
      { action: 'operator.setup', via: 'console' },
    ]);
  });

  it('expires after 24 hours', async () => {
    const token = await link(`late-${Date.now()}@sapa.test`);
    ctx.clock.advance(24 * 3_600_000 + 1_000);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/ops/setup?token=${token}` });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a weak operator password with a 400', async () => {
    const token = await link(`weak-${Date.now()}@sapa.test`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/setup',
      payload: { token, name: 'Weak', password: 'Short1A', pin: '123456' },
    });
    expect(res.statusCode).toBe(400);
  });
});
