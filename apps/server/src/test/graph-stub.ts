import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphCall {
  method: string;
  path: string;
  auth: string | undefined;
  body: unknown;
}

type Reply = { status: number; body: unknown };

/**
 * A programmable stand-in for the Graph API in server tests: records calls and answers from a
 * queue of replies (then a default). The full simulator is apps/sandbox.
 */
export class GraphStub {
  readonly calls: GraphCall[] = [];
  private readonly replies: Reply[] = [];
  private server: Server | null = null;
  url = '';
  private counter = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then((reply) => {
        res.writeHead(reply.status, {
          'content-type':
            typeof reply.body === 'string' ? 'application/octet-stream' : 'application/json',
        });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next calls answer these, in order. */
  reply(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  graphError(status: number, code: number, message = 'error', transient = false): Reply {
    return {
      status,
      body: {
        error: { message, type: 'OAuthException', code, is_transient: transient, fbtrace_id: 'x' },
      },
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private async handle(req: IncomingMessage): Promise<Reply> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      /* multipart or binary: keep text */
    }
    const path = req.url ?? '';
    this.calls.push({ method: req.method ?? 'GET', path, auth: req.headers.authorization, body });
    const queued = this.replies.shift();
    if (queued) return queued;
    if (path.includes('/media-file/')) return { status: 200, body: 'FILEBYTES' };
    if (/\/v\d+\.\d+\/\d+\/messages$/.test(path)) {
      const b = body as { status?: string; recipient?: { id?: string }; sender_action?: string };
      if (b?.status === 'read') return { status: 200, body: { success: true } };
      // Messenger and Instagram's Send API (a `recipient` instead of WhatsApp's `to`).
      if (b?.recipient)
        return {
          status: 200,
          body: b.sender_action
            ? { recipient_id: b.recipient.id }
            : { recipient_id: b.recipient.id, message_id: `m_OUT${++this.counter}` },
        };
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [],
          messages: [{ id: `wamid.OUT${++this.counter}` }],
        },
      };
    }
    if (/\/v\d+\.\d+\/\d+\/subscribed_apps(\?|$)/.test(path))
      return { status: 200, body: { success: true } };
    if (/\/v\d+\.\d+\/\d+\/message_attachments$/.test(path))
      return { status: 200, body: { attachment_id: `att-${++this.counter}` } };
    if (/\/v\d+\.\d+\/\d+\/media$/.test(path))
      return { status: 200, body: { id: `media-${++this.counter}` } };
    const mediaMeta = /\/v\d+\.\d+\/([\w-]+)$/.exec(path);
    if (mediaMeta && req.method === 'GET') {
      return {
        status: 200,
        body: {
          url: `${this.url}/media-file/${mediaMeta[1]}`,
          mime_type: 'image/jpeg',
          id: mediaMeta[1],
        },
      };
    }
    return { status: 404, body: { error: { message: 'not found', code: 100 } } };
  }
}
