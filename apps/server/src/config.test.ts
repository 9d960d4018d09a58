import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'sapa-config-')) });
const production = () => ({
  ...base(),
  NODE_ENV: 'production',
  META_APP_SECRET: 'meta-secret-123',
  META_VERIFY_TOKEN: 'verify-token-123',
});

describe('payment gateway configuration', () => {
  it("defaults to Midtrans' sandbox bases and the local sandbox's keys outside production", () => {
    expect(loadConfig(base()).payments).toEqual({
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
      ...production(),
      MIDTRANS_SERVER_KEY: 'Mid-server-live',
      MIDTRANS_CLIENT_KEY: 'Mid-client-live',
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

  it('refuses to start in production without the keys, saying which', () => {
    expect(() => loadConfig(production())).toThrow(ConfigError);
    expect(() => loadConfig({ ...production(), MIDTRANS_SERVER_KEY: 'Mid-server-live' })).toThrow(
      /MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY are required in production/,
    );
  });

  it('refuses an unknown gateway and a base that is not a URL', () => {
    expect(() => loadConfig({ ...base(), PAYMENT_GATEWAY: 'paypal' })).toThrow(
      /PAYMENT_GATEWAY must be one of: midtrans/,
    );
    expect(() => loadConfig({ ...base(), MIDTRANS_API_URL: 'api.midtrans.com' })).toThrow(
      /MIDTRANS_API_URL must be a full URL/,
    );
  });
});
