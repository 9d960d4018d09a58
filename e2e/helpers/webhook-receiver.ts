// An integrator's webhook receiver, on a loopback port the e2e server lets through
// (WEBHOOK_ALLOWED_PRIVATE_HOSTS=127.0.0.1 in scripts/e2e.mjs): it keeps every request as it
// came, raw body included, and verifies signatures with the official `standardwebhooks` library.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The bytes as they arrived: the signature covers exactly these. */
  raw: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/sapa`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a receiver does first: verify the request with the endpoint's `whsec_` secret (throws on
 * a bad signature or a stale timestamp), then trust the parsed payload.
 */
export function verifyWebhook(
  secret: string,
  hook: ReceivedWebhook,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  const header = (name: string) => {
    const value = hook.headers[name];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  return new Webhook(secret).verify(hook.raw, {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}
