import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sapa-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };
const production = {
  ...base,
  NODE_ENV: 'production',
  META_APP_SECRET: 'real-app-secret',
  META_VERIFY_TOKEN: 'real-verify-token',
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  MIDTRANS_SERVER_KEY: 'Mid-server-live',
  MIDTRANS_CLIENT_KEY: 'Mid-client-live',
};

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('production configuration', () => {
  it('starts with SMTP_URL and the Meta secrets', () => {
    expect(loadConfig(production).env).toBe('production');
  });

  it('refuses to start without SMTP_URL, saying why', () => {
    const { SMTP_URL: _dropped, ...withoutSmtp } = production;
    expect(failure(withoutSmtp)).toBe(
      'Invalid configuration:\n  - SMTP_URL is required in production (smtp://user:pass@host:587): password resets and invitations must be delivered by email',
    );
  });

  it('lists every missing production setting at once', () => {
    const message = failure({ ...base, NODE_ENV: 'production' });
    expect(message).toContain('META_APP_SECRET and META_VERIFY_TOKEN are required in production');
    expect(message).toContain('SMTP_URL is required in production');
    expect(message).toContain(
      'MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY are required in production',
    );
  });

  it('still runs without SMTP_URL in development (the dev mailbox takes the mail)', () => {
    expect(loadConfig(base).smtpUrl).toBeUndefined();
  });
});

describe('LOG_REQUESTS', () => {
  it('is off by default in development and on in production', () => {
    expect(loadConfig(base).logRequests).toBe(false);
    expect(loadConfig(production).logRequests).toBe(true);
  });

  it('follows the switch either way', () => {
    expect(loadConfig({ ...base, LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(loadConfig({ ...production, LOG_REQUESTS: 'false' }).logRequests).toBe(false);
  });

  it('refuses anything but true or false', () => {
    expect(failure({ ...base, LOG_REQUESTS: 'yes' })).toBe(
      'Invalid configuration:\n  - LOG_REQUESTS: LOG_REQUESTS must be true or false',
    );
  });
});

describe('payment gateway configuration', () => {
  it("defaults to Midtrans' sandbox bases and the local sandbox's keys outside production", () => {
    expect(loadConfig(base).payments).toEqual({
      gateway: 'midtrans',
      midtrans: {
        serverKey: 'SB-Mid-server-sandbox',
        clientKey: 'SB-Mid-client-sandbox',
        snapUrl: 'https://app.sandbox.midtrans.com',
        apiUrl: 'https://api.sandbox.midtrans.com',
      },
      timeoutMs: 15_000,
    });
  });

  it('takes the keys and bases from the environment (a trailing slash dropped)', () => {
    const config = loadConfig({
      ...production,
      MIDTRANS_SNAP_URL: 'https://app.midtrans.com/',
      MIDTRANS_API_URL: 'https://api.midtrans.com/',
    });
    expect(config.payments.midtrans).toEqual({
      serverKey: 'Mid-server-live',
      clientKey: 'Mid-client-live',
      snapUrl: 'https://app.midtrans.com',
      apiUrl: 'https://api.midtrans.com',
    });
  });

  it('refuses to start in production without both keys, saying which', () => {
    const { MIDTRANS_CLIENT_KEY: _dropped, ...withoutClientKey } = production;
    expect(failure(withoutClientKey)).toBe(
      'Invalid configuration:\n  - MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY are required in production (Midtrans dashboard: Settings → Access Keys)',
    );
  });

  it('refuses an unknown gateway and a base that is not a URL', () => {
    expect(failure({ ...base, PAYMENT_GATEWAY: 'paypal' })).toContain(
      'PAYMENT_GATEWAY must be one of: midtrans',
    );
    expect(failure({ ...base, MIDTRANS_API_URL: 'api.midtrans.com' })).toContain(
      'MIDTRANS_API_URL must be a full URL',
    );
  });
});
