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
});
