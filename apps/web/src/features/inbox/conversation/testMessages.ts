import type { Message } from '@sapa/contracts';
import { HttpError } from '../../../lib/http';
import { makeMessage } from '../testFixtures';

/**
 * A stand-in for the server's message endpoints (GET messages/{id}, messages/paginate in both
 * directions, quick replies) over an in-memory conversation, for the conversation's tests.
 */
export interface FakeMessageServer {
  messages: Message[];
  calls: { path: string; params: Record<string, unknown> }[];
  /** Return an error for a call instead of answering it. */
  fail: (call: { path: string; params: Record<string, unknown> }) => HttpError | null;
  get: (path: string, options?: { params?: Record<string, unknown> }) => Promise<unknown>;
}

export const CHAT_ID = '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01';

/** Messages 1..count, one minute apart, alternating customer and agent, all today. */
export function conversation(count: number, base = Date.now() - count * 60_000): Message[] {
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const fromMe = id % 2 === 0;
    return makeMessage({
      _id: String(id),
      chatId: CHAT_ID,
      text: `Pesan ${id}`,
      fromMe,
      status: fromMe ? 'read' : 'received',
      timestamp: base + i * 60_000,
      providerMessageId: `wamid.${id}`,
    });
  });
}

export function fakeMessageServer(messages: Message[]): FakeMessageServer {
  const server: FakeMessageServer = {
    messages,
    calls: [],
    fail: () => null,
    get: async (path, options = {}) => {
      const params = options.params ?? {};
      const call = { path, params };
      server.calls.push(call);
      const error = server.fail(call);
      if (error) throw error;
      const byId = /^messages\/(\d+)$/.exec(path);
      if (byId) {
        const found = server.messages.find((m) => m._id === byId[1]);
        if (!found) throw new HttpError({ status: 404, message: 'Message not found' });
        return found;
      }
      if (path === 'messages/paginate') {
        const perpage = Number(params.perpage);
        const start = params.startKey === undefined ? null : Number(params.startKey);
        const all = server.messages.filter((m) => m.chatId === params.chatId);
        if (params.direction === 'newer') {
          const after = all.filter((m) => start === null || Number(m._id) > start);
          const page = after.slice(0, perpage);
          const last = page[page.length - 1];
          return { data: page, nextKey: after.length > perpage && last ? last._id : null };
        }
        const before = all.filter((m) => start === null || Number(m._id) < start);
        const page = before.slice(-perpage);
        const first = page[0];
        return { data: page, nextKey: before.length > perpage && first ? first._id : null };
      }
      throw new Error(`unexpected GET ${path}`);
    },
  };
  return server;
}
