import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { HSTS, MIXPANEL_API } from './security-headers.js';

let ctx: TestContext;
/** The test config's MIDTRANS_SNAP_URL: its origin is the one the policy must name. */
let SNAP = '';
beforeAll(async () => {
  ctx = await createTestContext();
  SNAP = new URL(ctx.deps.config.payments.midtrans.snapUrl).origin;
});
afterAll(() => ctx.close());

/** One request to the app built (as main.ts builds it) with these settings. */
async function get(
  url: string,
  config: Partial<Config> = {},
  headers: Record<string, string> = {},
) {
  const { app } = await buildApp(
    { ...ctx.deps, config: { ...ctx.deps.config, ...config } },
    { serveWeb: false },
  );
  try {
    return await app.inject({
      method: 'GET',
      url,
      headers: { host: 'sapa.test:3000', ...headers },
    });
  } finally {
    await app.close();
  }
}

/** The policy as a map: directive → its sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  it('sends a strict policy, frame protection, no referrer and nosniff on every answer', async () => {
    for (const url of ['/healthz', '/api/no-such-route', '/dev/mailbox']) {
      const res = await get(url);
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", SNAP]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('lets the app reach its own socket, and Mixpanel only when a token is set', async () => {
    const plain = policy((await get('/healthz')).headers['content-security-policy']);
    expect(plain.get('connect-src')).toEqual([
      "'self'",
      'ws://sapa.test:3000',
      'wss://sapa.test:3000',
      SNAP,
    ]);
    const tracked = policy(
      (await get('/healthz', { mixpanelToken: 'tok' })).headers['content-security-policy'],
    );
    expect(tracked.get('connect-src')).toContain(MIXPANEL_API);
  });

  it('never copies a crafted Host header into the policy', async () => {
    const res = await get('/healthz', {}, { host: "evil.test; script-src 'unsafe-inline'" });
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", SNAP]);
    expect(csp.get('connect-src')).toEqual(["'self'", "'self'", SNAP]);
  });

  it("lets snap.js load from the payment gateway's origin and frame its payment page", async () => {
    const snapOrigins = async (snapUrl: string) => {
      const base = ctx.deps.config.payments;
      const res = await get('/healthz', {
        payments: { ...base, midtrans: { ...base.midtrans, snapUrl } },
      });
      const csp = policy(res.headers['content-security-policy']);
      return {
        script: csp.get('script-src'),
        frame: csp.get('frame-src'),
        connect: csp.get('connect-src')?.slice(3),
      };
    };
    expect(await snapOrigins('https://app.midtrans.com')).toEqual({
      script: ["'self'", 'https://app.midtrans.com'],
      frame: ["'self'", 'https://app.midtrans.com'],
      connect: ['https://app.midtrans.com'],
    });
    // The local sandbox: an origin with a port, never a path.
    expect(await snapOrigins('http://127.0.0.1:4010/')).toEqual({
      script: ["'self'", 'http://127.0.0.1:4010'],
      frame: ["'self'", 'http://127.0.0.1:4010'],
      connect: ['http://127.0.0.1:4010'],
    });
  });

  it('sends HSTS only over https', async () => {
    expect((await get('/healthz')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await get(
      '/healthz',
      { trustProxy: true },
      { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    );
    expect(proxied.headers['strict-transport-security']).toBe(HSTS);
    const untrusted = await get(
      '/healthz',
      { trustProxy: false },
      { 'x-forwarded-proto': 'https' },
    );
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const httpsApp = await get('/healthz', { appUrl: 'https://sapa.example.com' });
    expect(httpsApp.headers['strict-transport-security']).toBe(HSTS);
  });
});
