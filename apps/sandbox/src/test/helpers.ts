import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildSandbox } from '../app.js';
import type { Clock } from '../clock.js';
import { DEMO_NUMBER, loadConfig, type SandboxConfig } from '../config.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: WebhookBody;
}

export interface WebhookBody {
  object: string;
  entry: Array<{
    id: string;
    changes: Array<{ field: string; value: Record<string, unknown> & { statuses?: StatusItem[] } }>;
  }>;
}

export interface StatusItem {
  id: string;
  status: string;
  recipient_id: string;
  errors?: Array<{ code: number; title: string; error_data: { details: string } }>;
  [key: string]: unknown;
}

/** A stand-in for Sapa's webhook endpoint on 127.0.0.1; answers with queued status codes. */
export class WebhookReceiver {
  received: ReceivedWebhook[] = [];
  /** Status codes for the next requests, in order; 200 once exhausted. */
  replies: number[] = [];
  /** Milliseconds to hold each next answer, in order (a slow or hung Sapa); none once exhausted. */
  delays: number[] = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      this.received.push({
        headers: req.headers,
        raw,
        json: JSON.parse(raw.toString('utf8')) as WebhookBody,
      });
      const status = this.replies.shift() ?? 200;
      const answer = () => {
        if (res.destroyed) return;
        res.statusCode = status;
        res.end('ok');
      };
      const delay = this.delays.shift();
      if (delay) setTimeout(answer, delay);
      else answer();
      this.wake();
    });
  });
  private waiters: Array<() => void> = [];

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks/meta`;
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    // The sandbox's fetch keeps sockets alive; without this close() waits for them to idle out.
    this.server.closeAllConnections();
    return closed;
  }

  statuses(): StatusItem[] {
    return this.received.flatMap((w) =>
      w.json.entry.flatMap((e) => e.changes.flatMap((c) => c.value.statuses ?? [])),
    );
  }

  /** Resolves once `predicate` holds, re-checking after every received webhook. */
  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for webhooks');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
}

export function verifySignature(
  raw: Buffer,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function testConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', STATUS_DELAY_MS: '5', LOG_LEVEL: 'silent' }),
    retryBaseMs: 10,
    retryCapMs: 40,
    ...overrides,
  };
}

export async function testSandbox(
  overrides: Partial<SandboxConfig> = {},
  clock?: Clock,
): Promise<{ app: FastifyInstance; receiver: WebhookReceiver; config: SandboxConfig }> {
  const receiver = new WebhookReceiver();
  const webhookUrl = await receiver.start();
  const config = testConfig({ webhookUrl, ...overrides });
  const app = await buildSandbox(config, { clock, log: pino({ level: 'silent' }) });
  return { app, receiver, config };
}

/**
 * A sandbox whose Midtrans notifications go to a local receiver, retried quickly: after 10 ms,
 * then 20 ms, each attempt given 300 ms.
 */
export async function testPaymentSandbox(
  payments: Partial<SandboxConfig['payments']> = {},
  clock?: Clock,
): Promise<{ app: FastifyInstance; receiver: WebhookReceiver; config: SandboxConfig }> {
  const receiver = new WebhookReceiver();
  const url = await receiver.start();
  const base = testConfig();
  const config = testConfig({
    payments: {
      ...base.payments,
      notificationUrl: url.replace('/webhooks/meta', '/webhooks/payments/midtrans'),
      notificationRetryMs: [10, 20],
      notificationTimeoutMs: 300,
      ...payments,
    },
  });
  const app = await buildSandbox(config, { clock, log: pino({ level: 'silent' }) });
  return { app, receiver, config };
}

/** HTTP Basic as Midtrans wants it: the server key as user, an empty password. */
export function basicAuth(serverKey: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}` };
}

export const AUTH = { authorization: `Bearer ${DEMO_NUMBER.accessToken}` };
export const PNID = DEMO_NUMBER.phoneNumberId;

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----sandboxTestBoundary7MA4YWxk';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Lets the customer write first, so the 24-hour window is open. */
export async function customerSays(app: FastifyInstance, waId: string, text = 'Halo') {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/customers/${waId}/messages`,
    payload: { phoneNumberId: PNID, name: 'Budi', type: 'text', text: { body: text } },
  });
  return res.json<{ id: string; deliveryId: string }>();
}

/** The business sends a text through the Graph API; returns its wamid. */
export async function businessSays(app: FastifyInstance, to: string, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/v21.0/${PNID}/messages`,
    headers: AUTH,
    payload: { messaging_product: 'whatsapp', to, type: 'text', text: { body } },
  });
  return res.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;
}
