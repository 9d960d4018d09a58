import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { TARGET_REFUSALS, resolveTarget } from './target.js';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { retrySchedule: [0, 5], allowedPrivateHosts: new Set(['localhost']) },
  });
  admin = await createUser(ctx, await createAccount(ctx));
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  who = admin,
) => ctx.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

describe('webhook endpoints API', () => {
  it('creates an endpoint and shows its whsec_ secret only once', async () => {
    const res = await call('POST', '/api/webhook-endpoints', {
      url: 'http://localhost:9/hook',
      events: ['message.received', 'message.status', 'message.received'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(created.events).toEqual(['message.received', 'message.status']);
    expect(created.enabled).toBe(true);

    const listed = (await call('GET', '/api/webhook-endpoints')).json();
    expect(listed.data.map((e: { id: string }) => e.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const one = (await call('GET', `/api/webhook-endpoints/${created.id}`)).json();
    expect(one.secret).toBeUndefined();
    // Stored sealed, never in the clear.
    const row = await ctx.deps.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(created.secret.slice(6));
  });

  it('patches url, events and enabled; deletes; 404 in another account', async () => {
    const created = (
      await call('POST', '/api/webhook-endpoints', {
        url: 'http://localhost:9/a',
        events: ['chat.created'],
      })
    ).json();
    const patched = await call('PATCH', `/api/webhook-endpoints/${created.id}`, {
      events: ['chat.assigned', 'chat.resolved'],
      enabled: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      events: ['chat.assigned', 'chat.resolved'],
      enabled: false,
      disabledReason: 'manual',
    });
    const back = (
      await call('PATCH', `/api/webhook-endpoints/${created.id}`, { enabled: true })
    ).json();
    expect(back).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });

    const stranger = await createUser(ctx, await createAccount(ctx));
    expect(
      (await call('GET', `/api/webhook-endpoints/${created.id}`, undefined, stranger)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/webhook-endpoints/${created.id}`, undefined, stranger))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/webhook-endpoints/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/webhook-endpoints/${created.id}`)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const supervisor = await createUser(ctx, admin.accountId, { role: 'supervisor' });
    const agent = await createUser(ctx, admin.accountId, { role: 'agent' });
    for (const who of [supervisor, agent]) {
      expect((await call('GET', '/api/webhook-endpoints', undefined, who)).statusCode).toBe(403);
      expect(
        (
          await call(
            'POST',
            '/api/webhook-endpoints',
            { url: 'http://localhost:9/x', events: ['chat.created'] },
            who,
          )
        ).statusCode,
      ).toBe(403);
    }
  });

  it('answers 400 with the reason for bad bodies and refused addresses', async () => {
    const bad = [
      { url: 'not a url', events: ['chat.created'] },
      { url: 'https://example.com/h', events: [] },
      { url: 'https://example.com/h', events: ['chat.exploded'] },
      { url: 'ftp://example.com/h', events: ['chat.created'] },
      { url: 'https://10.0.0.7/h', events: ['chat.created'] },
      { url: 'https://127.0.0.1/h', events: ['chat.created'] },
      { url: 'https://[::1]/h', events: ['chat.created'] },
      { url: 'https://169.254.169.254/latest/meta-data', events: ['chat.created'] },
      { url: 'http://93.184.216.34/h', events: ['chat.created'] },
      { url: 'https://user:pw@93.184.216.34/h', events: ['chat.created'] },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/webhook-endpoints', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const created = (
      await call('POST', '/api/webhook-endpoints', {
        url: 'http://localhost:9/b',
        events: ['chat.created'],
      })
    ).json();
    const patch = await call('PATCH', `/api/webhook-endpoints/${created.id}`, {
      url: 'https://192.168.1.10/h',
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe(TARGET_REFUSALS.private);
    expect((await call('PATCH', `/api/webhook-endpoints/${created.id}`, {})).statusCode).toBe(400);
    expect((await call('GET', '/api/webhook-endpoints/not-a-uuid')).statusCode).toBe(400);
  });

  it('rotates the secret: a new one shown once, the previous one signing for 24 hours', async () => {
    const created = (
      await call('POST', '/api/webhook-endpoints', {
        url: 'http://localhost:9/c',
        events: ['chat.created'],
      })
    ).json();
    const rotated = (
      await call('POST', `/api/webhook-endpoints/${created.id}/rotate-secret`)
    ).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(new Date(rotated.previousSecretExpiresAt).getTime() - ctx.clock.now().getTime()).toBe(
      24 * 3_600_000,
    );
  });

  it('lists the event catalogue', async () => {
    const res = (await call('GET', '/api/webhook-endpoints/event-types')).json();
    expect(res.data.map((t: { type: string }) => t.type)).toContain('broadcast.completed');
    expect(res.data).toHaveLength(11);
  });
});

describe('the SSRF guard for webhook URLs', () => {
  const none = new Set<string>();
  it('refuses private, loopback, link-local and http addresses', async () => {
    for (const url of [
      'https://10.1.2.3/',
      'https://172.16.0.1/',
      'https://192.168.0.1/',
      'https://127.0.0.1/',
      'https://localhost/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://169.254.169.254/',
      'https://0.0.0.0/',
    ])
      expect((await resolveTarget(url, none)).ok, url).toBe(false);
    expect(await resolveTarget('http://93.184.216.34/', none)).toEqual({
      ok: false,
      reason: TARGET_REFUSALS.https,
    });
  });

  it('lets exactly the allow-listed hosts through, http included, and nothing else private', async () => {
    const allowed = new Set(['localhost', '10.9.9.9']);
    expect((await resolveTarget('http://localhost:8080/h', allowed)).ok).toBe(true);
    expect((await resolveTarget('http://10.9.9.9/h', allowed)).ok).toBe(true);
    for (const url of [
      'http://127.0.0.1/h',
      'https://127.0.0.1/h',
      'https://10.9.9.8/h',
      'http://[::1]/h',
    ])
      expect((await resolveTarget(url, allowed)).ok, url).toBe(false);
  });

  it('accepts https to a public address', async () => {
    const t = await resolveTarget('https://93.184.216.34/h', none);
    expect(t.ok).toBe(true);
  });
});
