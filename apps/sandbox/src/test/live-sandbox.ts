import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { SandboxConfig } from '../config.js';
import { testSandbox, type WebhookReceiver } from './helpers.js';

export interface LiveSandbox {
  app: FastifyInstance;
  receiver: WebhookReceiver;
  /** `http://127.0.0.1:<port>`, for the WebSocket devices and SSE streams a test opens. */
  base: string;
}

/**
 * A fresh sandbox for each test of the calling file, listening on a free port, closed with its
 * webhook receiver after the test. Its fields are filled in before each test: read them inside
 * tests, never at the file's top level.
 */
export function liveSandboxPerTest(overrides: Partial<SandboxConfig> = {}): LiveSandbox {
  const live = {} as LiveSandbox;
  beforeEach(async () => {
    const { app, receiver } = await testSandbox(overrides);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    Object.assign(live, { app, receiver, base });
  });
  afterEach(async () => {
    await live.app.close();
    await live.receiver.stop();
  });
  return live;
}
