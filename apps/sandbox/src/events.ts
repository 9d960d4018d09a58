import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export type PhoneEvent =
  | { type: 'snapshot'; data: unknown }
  | { type: 'message'; data: unknown }
  | { type: 'status'; data: { id: string; status: string; error?: string } }
  | { type: 'typing'; data: { on: boolean } }
  /** Messenger / Instagram: the business has seen the customer's messages up to `at`. */
  | { type: 'seen'; data: { at: number } }
  | { type: 'reset'; data: Record<string, never> };

interface Subscriber {
  res: ServerResponse;
  heartbeat: NodeJS.Timeout;
}

const key = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId}`;

/** Server-Sent Events to open customer phone pages; an open page also means "chat is open". */
export class PhoneEvents {
  private subscribers = new Map<string, Set<Subscriber>>();

  subscribe(phoneNumberId: string, waId: string, res: ServerResponse): () => void {
    const k = key(phoneNumberId, waId);
    const set = this.subscribers.get(k) ?? new Set<Subscriber>();
    this.subscribers.set(k, set);
    // Comments keep proxies and browsers from closing an idle stream.
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    const sub = { res, heartbeat };
    set.add(sub);
    return () => {
      clearInterval(heartbeat);
      set.delete(sub);
      if (set.size === 0) this.subscribers.delete(k);
    };
  }

  isOpen(phoneNumberId: string, waId: string): boolean {
    return (this.subscribers.get(key(phoneNumberId, waId))?.size ?? 0) > 0;
  }

  publish(phoneNumberId: string, waId: string, event: PhoneEvent): void {
    for (const sub of this.subscribers.get(key(phoneNumberId, waId)) ?? []) {
      writeEvent(sub.res, event);
    }
  }

  broadcast(event: PhoneEvent): void {
    for (const set of this.subscribers.values()) for (const sub of set) writeEvent(sub.res, event);
  }

  close(): void {
    for (const set of this.subscribers.values()) {
      for (const sub of set) {
        clearInterval(sub.heartbeat);
        sub.res.end();
      }
    }
    this.subscribers.clear();
  }
}

/**
 * Takes the reply over as a Server-Sent Events stream (the phone pages follow one each) and
 * returns the raw response to write events to.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return res;
}

export function writeEvent(res: ServerResponse, event: PhoneEvent): void {
  res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}
