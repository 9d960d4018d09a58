import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      webhookUrl: 'http://127.0.0.1:3000/webhooks/meta',
      appSecret: 'sandbox-app-secret',
      publicUrl: 'http://127.0.0.1:4010',
      seed: true,
      statusDelayMs: 300,
    });
    expect(loadConfig({ SANDBOX_PORT: '5000' }).publicUrl).toBe('http://127.0.0.1:5000');
    expect(loadConfig({ SANDBOX_SEED: 'false' }).seed).toBe(false);
  });

  it('refuses production unless explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SANDBOX_ALLOW_PRODUCTION/);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_ALLOW_PRODUCTION: 'true' }).port).toBe(
      4010,
    );
  });

  it('lists every invalid variable by name', () => {
    try {
      loadConfig({ SANDBOX_PORT: 'abc', SAPA_WEBHOOK_URL: 'not a url' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/SANDBOX_PORT/);
      expect((err as Error).message).toMatch(/SAPA_WEBHOOK_URL/);
    }
  });

  it('configures the Midtrans Snap stand-in with Midtrans-like defaults', () => {
    expect(loadConfig({}).payments).toEqual({
      serverKey: 'SB-Mid-server-sandbox',
      clientKey: 'SB-Mid-client-sandbox',
      merchantId: 'G000000001',
      merchantName: 'Sapa',
      notificationUrl: 'http://127.0.0.1:3000/webhooks/payments/midtrans',
      defaultExpiryMinutes: 1440,
      notificationRetryMs: [120_000, 600_000, 1_800_000, 3_600_000, 18_000_000],
      notificationTimeoutMs: 15_000,
    });
    const custom = loadConfig({
      MIDTRANS_SERVER_KEY: 'k',
      PAYMENT_NOTIFICATION_RETRY_MS: ' 100, 200 ',
      SNAP_EXPIRY_MINUTES: '15',
    }).payments;
    expect(custom).toMatchObject({
      serverKey: 'k',
      notificationRetryMs: [100, 200],
      defaultExpiryMinutes: 15,
    });
    expect(() => loadConfig({ PAYMENT_NOTIFICATION_RETRY_MS: '2m,10m' })).toThrow(
      /PAYMENT_NOTIFICATION_RETRY_MS/,
    );
    expect(() => loadConfig({ SAPA_PAYMENT_NOTIFICATION_URL: 'nope' })).toThrow(
      /SAPA_PAYMENT_NOTIFICATION_URL/,
    );
    expect(() => loadConfig({ MIDTRANS_SERVER_KEY: '' })).toThrow(/MIDTRANS_SERVER_KEY/);
  });
});
