import type { FastifyInstance } from 'fastify';
import { buildSandbox, loadConfig } from '@sapa/sandbox';
import { createTestContext, type TestContext, type TestOptions } from './harness.js';
import { freePort } from './wait.js';

// Callers have long taken these two from here.
export { freePort, until } from './wait.js';

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
