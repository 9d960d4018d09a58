import type { Chat, Label, Message, Service } from '@sapa/contracts';
import type { RequestOptions } from '../../lib/http';

/** A fake of the inbox's GET endpoints for screen tests; override any path with a function. */
export interface FakeInbox {
  chats: Chat[];
  /** Chats of the next page, when the first page should say there is more. */
  moreChats?: Chat[] | Error;
  messages: Message[];
  hits?: { data: Message[]; chats: Chat[]; nextKey?: string | null };
  labels?: Label[];
  services?: Pick<Service, '_id' | 'channel' | 'name'>[];
  unread?: number;
  chatsError?: Error;
}

export function makeLabel(overrides: Partial<Label> = {}): Label {
  return {
    _id: '7f1c6a2e-0000-4000-8000-000000000001',
    label: 'VIP',
    color: '#e8590c',
    chatCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function service(s: Pick<Service, '_id' | 'channel' | 'name'>): Service {
  return {
    provider: 'meta',
    isEnable: true,
    externalId: s._id,
    displayPhoneNumber: null,
    wabaId: null,
    hasAccessToken: true,
    pageId: null,
    instagramAccountId: null,
    humanAgentReplies: null,
    broadcastRate: 80,
    state: 'connected',
    health: {
      status: 'ok',
      reason: null,
      lastWebhookAt: null,
      lastSendErrorAt: null,
      lastSendError: null,
      tokenCheckedAt: null,
      tokenValid: null,
    },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...s,
  };
}

/** Answers `api.get(path, options)` like the server would for this data. */
export function fakeGet(fake: FakeInbox) {
  return async (path: string, options?: RequestOptions): Promise<unknown> => {
    const params = options?.params ?? {};
    switch (path) {
      case 'chats/paginate':
        if (fake.chatsError) throw fake.chatsError;
        if (params.startKey) {
          if (fake.moreChats instanceof Error) throw fake.moreChats;
          return { data: fake.moreChats ?? [], nextKey: null };
        }
        return { data: fake.chats, nextKey: fake.moreChats ? 'k1' : null };
      case 'messages/paginate':
        if (params.searchText !== undefined) {
          return {
            data: fake.hits?.data ?? [],
            nextKey: fake.hits?.nextKey ?? null,
            chats: fake.hits?.chats ?? [],
          };
        }
        return { data: fake.messages, nextKey: null };
      case 'labels':
        return { data: fake.labels ?? [], total: fake.labels?.length ?? 0 };
      case 'services':
        return { data: (fake.services ?? []).map(service) };
      case 'chats/unread':
        return { total: fake.unread ?? 0 };
      default:
        throw new Error(`unexpected GET ${path}`);
    }
  };
}
