import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import type { App } from './types.js';
import { loggableUrl } from './request-log.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The app as main.ts builds it, logging at info into an array instead of stdout. */
async function appLogging(logRequests: boolean): Promise<{ app: App; lines: () => unknown[] }> {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const { app } = await buildApp(
    { ...ctx.deps, log, config: { ...ctx.deps.config, logRequests } },
    { serveWeb: false },
  );
  await app.ready();
  return { app, lines: () => raw.map((line) => JSON.parse(line) as unknown) };
}

describe('request logging', () => {
  it('writes one line per request when LOG_REQUESTS is on', async () => {
    const { app, lines } = await appLogging(true);
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(lines()).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'request',
          reqId: expect.any(String),
          method: 'GET',
          url: '/healthz',
          statusCode: 200,
          ms: expect.any(Number),
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('keeps tokens in the query string out of the log', async () => {
    const { app, lines } = await appLogging(true);
    try {
      await app.inject({
        method: 'GET',
        url: '/api/users/reset-password/check?token=very-secret-reset-token&type=reset_password',
      });
      const logged = JSON.stringify(lines());
      expect(logged).not.toContain('very-secret-reset-token');
      expect(lines()).toEqual([
        expect.objectContaining({
          url: '/api/users/reset-password/check?token=redacted&type=reset_password',
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('writes nothing for requests when LOG_REQUESTS is off', async () => {
    const { app, lines } = await appLogging(false);
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      await app.inject({ method: 'GET', url: '/api/no-such-route' });
      expect(lines()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('loggableUrl', () => {
  it('redacts secret-looking parameters and leaves the rest', () => {
    expect(
      loggableUrl('/webhooks/meta?hub.mode=subscribe&hub.verify_token=abc&hub.challenge=7'),
    ).toBe('/webhooks/meta?hub.mode=subscribe&hub.verify_token=redacted&hub.challenge=7');
    expect(loggableUrl('/api/chats?status=open')).toBe('/api/chats?status=open');
    expect(loggableUrl('/healthz')).toBe('/healthz');
  });
});
