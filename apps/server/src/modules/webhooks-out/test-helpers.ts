import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from '../../test/harness.js';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 that records every POST and answers what `answer` says (200 by
 * default); `down` makes it drop connections as a crashed receiver would.
 */
export class Receiver {
  readonly received: Received[] = [];
  answer: (r: Received) => { status: number; body?: string; headers?: Record<string, string> } =
    () => ({ status: 200, body: 'ok' });
  delayMs = 0;
  down = false;
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const r: Received = {
      path: req.url ?? '',
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    this.received.push(r);
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const a = this.answer(r);
    res.writeHead(a.status, a.headers ?? {});
    res.end(a.body ?? '');
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** Webhooks on for the account (the `enable_webhook` setting). */
export async function enableWebhooks(ctx: TestContext, accountId: string): Promise<void> {
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'enable_webhook', value: 'true', updated_at: new Date() })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value: 'true' }))
    .execute();
}
