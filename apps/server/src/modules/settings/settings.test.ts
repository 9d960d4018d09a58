import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SETTING_KEYS } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { restApiEnabled, webhooksEnabled } from './switches.js';

let ctx: TestContext;
let admin: TestUser;
let agent: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx, { name: 'Settings Co' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  other = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
});
afterAll(() => ctx.close());

type Setting = { key: string; value: string | null };
const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });
const post = (user: TestUser, settings: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/settings',
    headers: user.auth,
    payload: { settings },
  });
const valueIn = (list: Setting[], key: string) => list.find((s) => s.key === key)?.value;

describe('GET /api/settings', () => {
  it('lists every key with effective values, to agents too', async () => {
    const res = await get(agent, '/api/settings');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Setting[];
    expect(list.map((s) => s.key)).toEqual([...SETTING_KEYS]);
    expect(valueIn(list, 'whatsapp-type')).toBe('wabasic');
    expect(valueIn(list, 'bo.billing_period')).toBe('monthly');
    expect(valueIn(list, 'bo.due_date')).toBe(
      new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    );
  });

  it('says api_only is true for an api-only account', async () => {
    const apiAdmin = await createUser(ctx, await createAccount(ctx, { type: 'api_only' }));
    const list = (await get(apiAdmin, '/api/settings')).json().data as Setting[];
    expect(valueIn(list, 'bo.api_only')).toBe('true');
  });

  it('turns the REST API and webhooks on by default for api-only accounts only', async () => {
    const apiAdmin = await createUser(ctx, await createAccount(ctx, { type: 'api_only' }));
    const apiList = (await get(apiAdmin, '/api/settings')).json().data as Setting[];
    expect(valueIn(apiList, 'enable_rest_api')).toBe('true');
    expect(valueIn(apiList, 'enable_webhook')).toBe('true');
    expect(await restApiEnabled(ctx.deps.db, apiAdmin.accountId)).toBe(true);
    expect(await webhooksEnabled(ctx.deps.db, apiAdmin.accountId)).toBe(true);
    const list = (await get(agent, '/api/settings')).json().data as Setting[];
    expect(valueIn(list, 'enable_rest_api')).toBe('false');
    expect(await restApiEnabled(ctx.deps.db, agent.accountId)).toBe(false);
    // An api-only admin may still switch them off.
    const off = await post(apiAdmin, [{ key: 'enable_rest_api', value: 'false' }]);
    expect(valueIn(off.json().data, 'enable_rest_api')).toBe('false');
    expect(await restApiEnabled(ctx.deps.db, apiAdmin.accountId)).toBe(false);
  });

  it('masks a stored API token', async () => {
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: admin.accountId, key: 'token', value: 'tok_abcdefghijklmnop1234' })
      .execute();
    const list = (await get(admin, '/api/settings')).json().data as Setting[];
    expect(valueIn(list, 'token')).toBe('********1234');
    const one = await get(admin, '/api/settings/token');
    expect(one.json()).toEqual({ key: 'token', value: '********1234' });
    expect(one.body).not.toContain('abcdefghijklmnop');
  });

  it('refuses a request without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/settings/:key', () => {
  it.each([
    ['billing_period', 'bo.billing_period', 'monthly'],
    ['minimumBalance', 'bo.minimumBalance', '50000'],
    ['ppn', 'bo.ppn', '11'],
    ['whatsapp-type', 'whatsapp-type', 'wabasic'],
    ['payment_gateway', 'bo.payment_gateway', 'midtrans'],
    ['api_only', 'bo.api_only', 'false'],
    ['csat', 'bo.isCsat', 'false'],
    ['bo.isCsat', 'bo.isCsat', 'false'],
  ])('%s answers {key: %s, value: %s}', async (asked, key, value) => {
    const res = await get(agent, `/api/settings/${asked}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key, value });
  });

  it('answers due_date from the subscription', async () => {
    const res = await get(agent, '/api/settings/due_date');
    expect(res.json().value).toBe(
      new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    );
  });

  it('answers 404 for an unknown key', async () => {
    const res = await get(agent, '/api/settings/no_such_key');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`${MESSAGES.settingNotFound}: no_such_key`);
  });

  it('refuses a request without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/ppn' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/settings', () => {
  it('saves account keys and returns the updated list', async () => {
    const res = await post(admin, [
      { key: 'welcomeMessage', value: 'Welcome to Settings Co' },
      { key: 'agentWorkingHourStart', value: '09:00' },
      { key: 'currentAutoAssign', value: 'true' },
      { key: 'timezone', value: 'Asia/Makassar' },
    ]);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Setting[];
    expect(valueIn(list, 'welcomeMessage')).toBe('Welcome to Settings Co');
    expect(valueIn(list, 'agentWorkingHourStart')).toBe('09:00');
    expect(valueIn(list, 'currentAutoAssign')).toBe('true');
    expect(valueIn(list, 'timezone')).toBe('Asia/Makassar');
    const account = await ctx.deps.db
      .selectFrom('accounts')
      .select('timezone')
      .where('id', '=', admin.accountId)
      .executeTakeFirstOrThrow();
    expect(account.timezone).toBe('Asia/Makassar');
    expect((await get(agent, '/api/settings/welcomeMessage')).json().value).toBe(
      'Welcome to Settings Co',
    );
  });

  it('resets a key to its default with null', async () => {
    await post(admin, [{ key: 'statusAutoResponder', value: 'true' }]);
    const res = await post(admin, [{ key: 'statusAutoResponder', value: null }]);
    expect(valueIn(res.json().data, 'statusAutoResponder')).toBe('false');
    const rows = await ctx.deps.db
      .selectFrom('settings')
      .select('key')
      .where('account_id', '=', admin.accountId)
      .where('key', '=', 'statusAutoResponder')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses platform-owned keys with 403 and writes nothing of the batch', async () => {
    const res = await post(admin, [
      { key: 'noOnlineAgentResMsg', value: 'We are away' },
      { key: 'bo.isCsat', value: 'true' },
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SETTING_READ_ONLY',
      message: 'bo.isCsat is managed by Sapa and cannot be changed from your account',
    });
    expect((await get(admin, '/api/settings/noOnlineAgentResMsg')).json().value).toBeNull();
    expect((await get(admin, '/api/settings/csat')).json().value).toBe('false');
  });

  it.each(['saldo', 'bo.ppn', 'rental_cost', 'token'])('refuses %s with 403', async (key) => {
    expect((await post(admin, [{ key, value: '1' }])).statusCode).toBe(403);
  });

  it('reports every invalid value with its path', async () => {
    const res = await post(admin, [
      { key: 'enable_ai', value: 'yes' },
      { key: 'agentWorkingHourEnd', value: '25:00' },
      { key: 'webhook', value: 'nope' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("enable_ai must be 'true' or 'false'");
    expect(res.json().issues).toEqual([
      { path: 'settings.0.value', message: "enable_ai must be 'true' or 'false'" },
      {
        path: 'settings.1.value',
        message: 'agentWorkingHourEnd must be a time in HH:mm (24-hour), for example 08:00',
      },
      {
        path: 'settings.2.value',
        message:
          'webhook must be a full http or https URL, for example https://example.com/webhook',
      },
    ]);
    expect((await get(admin, '/api/ai/enable_ai')).json()).toEqual({ value: false });
  });

  it('refuses a duplicated key, an unknown key and an empty list', async () => {
    const dup = await post(admin, [
      { key: 'enable_ai', value: 'true' },
      { key: 'enable_ai', value: 'false' },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().issues).toEqual([
      { path: 'settings.1.key', message: 'enable_ai appears more than once' },
    ]);
    const unknown = await post(admin, [{ key: 'nope', value: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe('settings.0.key');
    expect((await post(admin, [])).statusCode).toBe(400);
  });

  it('switches webhooks on without a single URL: endpoints are managed on their own (issue 19)', async () => {
    const res = await post(admin, [{ key: 'enable_webhook', value: 'true' }]);
    expect(res.statusCode).toBe(200);
    expect(valueIn(res.json().data, 'enable_webhook')).toBe('true');
    expect(await webhooksEnabled(ctx.deps.db, admin.accountId)).toBe(true);
    const off = await post(admin, [{ key: 'enable_webhook', value: 'false' }]);
    expect(valueIn(off.json().data, 'enable_webhook')).toBe('false');
    expect(await webhooksEnabled(ctx.deps.db, admin.accountId)).toBe(false);
  });

  it('accepts only an active user of the account as fallback agent', async () => {
    const foreign = await post(admin, [{ key: 'fallbackAgent', value: other.id }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('fallbackAgent must be an active user of this account');
    const own = await post(admin, [{ key: 'fallbackAgent', value: agent.id }]);
    expect(valueIn(own.json().data, 'fallbackAgent')).toBe(agent.id);
  });

  it('is for admins only', async () => {
    const res = await post(agent, [{ key: 'enable_ai', value: 'true' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.forbidden);
  });

  it('refuses a request without a token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings',
      payload: { settings: [{ key: 'enable_ai', value: 'true' }] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/ai/enable_ai', () => {
  it('follows the enable_ai setting', async () => {
    expect((await get(agent, '/api/ai/enable_ai')).json()).toEqual({ value: false });
    await post(admin, [{ key: 'enable_ai', value: 'true' }]);
    expect((await get(agent, '/api/ai/enable_ai')).json()).toEqual({ value: true });
  });

  it('refuses a request without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ai/enable_ai' })).statusCode).toBe(
      401,
    );
  });
});

describe('tenancy', () => {
  it("never shows one account's settings to another", async () => {
    await post(admin, [{ key: 'welcomeMessage', value: 'Only for Settings Co' }]);
    const list = (await get(other, '/api/settings')).json().data as Setting[];
    expect(valueIn(list, 'welcomeMessage')).toBeNull();
    expect(valueIn(list, 'enable_ai')).toBe('false');
    expect(valueIn(list, 'timezone')).toBe('Asia/Jakarta');
    expect((await get(other, '/api/settings/welcomeMessage')).json().value).toBeNull();
  });
});
