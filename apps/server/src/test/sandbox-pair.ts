import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSandbox, loadConfig } from '@sapa/sandbox';
import { createTestContext, type TestContext, type TestOptions } from './harness.js';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((r) =>
    probe.listen(0, '127.0.0.1', () => r((probe.address() as AddressInfo).port)),
  );
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** Polls until `fn` answers something truthy, and answers it. */
export async function until<T>(
  fn: () => Promise<T | undefined | null | false>,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface SandboxPair {
  ctx: TestContext;
  sandbox: FastifyInstance;
  sandboxUrl: string;
  close(): Promise<void>;
}

/**
 * Sapa and the in-process Meta sandbox over real HTTP both ways. Each must know where the other
 * listens, so both ports are chosen first. The sandbox is closed first: once it stops, no
 * webhook is in flight into a closing Sapa.
 */
export async function sandboxPair(
  opts: {
    sandboxEnv?: Record<string, string>;
    jobs?: TestOptions['jobs'];
    config?: TestOptions['config'];
  } = {},
): Promise<SandboxPair> {
  const sapaPort = await freePort();
  const sandboxPort = await freePort();
  const sandbox = await buildSandbox(
    loadConfig({
      SANDBOX_PORT: String(sandboxPort),
      SAPA_WEBHOOK_URL: `http://127.0.0.1:${sapaPort}/webhooks/meta`,
      META_APP_SECRET: 'test-app-secret',
      LOG_LEVEL: 'silent',
      ...opts.sandboxEnv,
    }),
  );
  await sandbox.listen({ port: sandboxPort, host: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const ctx = await createTestContext({
    ...(opts.jobs ? { jobs: opts.jobs } : {}),
    config: { graphApiUrl: sandboxUrl, ...opts.config },
  });
  await ctx.app.listen({ port: sapaPort, host: '127.0.0.1' });
  return {
    ctx,
    sandbox,
    sandboxUrl,
    close: async () => {
      await sandbox.close();
      await ctx.close();
    },
  };
}
