import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { SandboxConfig } from '../config.js';
import { testSandbox, type WebhookReceiver } from './helpers.js';

export interface TestSandbox {
  app: FastifyInstance;
  receiver: WebhookReceiver;
  config: SandboxConfig;
}

export interface LiveSandbox extends TestSandbox {
  /** `http://127.0.0.1:<port>`, for the WebSocket devices and SSE streams a test opens. */
  base: string;
}

/**
 * A fresh sandbox for each test of the calling file (from `start`, a plain `testSandbox()` by
 * default), closed with its webhook receiver after the test. Its fields are filled in before each
 * test: read them inside tests and hooks, never at the file's top level.
 */
export function sandboxPerTest(
  start: () => Promise<TestSandbox> = () => testSandbox(),
): TestSandbox {
  const current = {} as TestSandbox;
  beforeEach(async () => {
    Object.assign(current, await start());
  });
  afterEach(async () => {
    await current.app.close();
    await current.receiver.stop();
  });
  return current;
}

/** `sandboxPerTest`, listening on a free port of 127.0.0.1 for clients from outside. */
export function liveSandboxPerTest(overrides: Partial<SandboxConfig> = {}): LiveSandbox {
  const live = sandboxPerTest(() => testSandbox(overrides)) as LiveSandbox;
  beforeEach(async () => {
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    live.base = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
  });
  return live;
}
