import type { Config } from '../config.js';
import { customerOf } from './customer.js';
import { createAccount, createUser, createWhatsappChannel, type TestUser } from './fixtures.js';
import { fundAccount } from './fixtures-inbox.js';
import { GraphStub } from './graph-stub.js';
import { createTestContext, type TestContext } from './harness.js';

/**
 * What a test of sending needs before its first send: a server whose Graph calls reach a
 * recording stand-in, and an account that may send (funded), its admin, one WhatsApp Cloud
 * channel and a customer who can write to it.
 */
export interface SendingSetup {
  ctx: TestContext;
  graph: GraphStub;
  accountId: string;
  admin: TestUser;
  channel: { id: string; phoneNumberId: string };
  customer: ReturnType<typeof customerOf>;
  /** Closes the app, then the stand-in. */
  close(): Promise<void>;
}

export async function startSending(
  opts: {
    /** Server config on top of the Graph stand-in's URL. */
    config?: Partial<Config>;
    /** The channel's access token, for tests that read it back from the Graph call. */
    token?: string;
  } = {},
): Promise<SendingSetup> {
  const graph = await new GraphStub().start();
  const ctx = await createTestContext({ config: { graphApiUrl: graph.url, ...opts.config } });
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  const admin = await createUser(ctx, accountId, { role: 'admin' });
  const channel = await createWhatsappChannel(ctx, accountId, { token: opts.token });
  return {
    ctx,
    graph,
    accountId,
    admin,
    channel,
    customer: customerOf(ctx, channel.phoneNumberId),
    close: async () => {
      await ctx.close();
      await graph.stop();
    },
  };
}
