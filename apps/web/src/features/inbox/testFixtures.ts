import type { Chat, Message } from '@sapa/contracts';
import type { ChatPages, MessagePages } from './cache';

export function makeChat(overrides: Partial<Chat> = {}): Chat {
  return {
    _id: '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01',
    name: 'Budi Santoso',
    identifier: '6281234567890',
    channel: 'whatsapp',
    channelId: 'svc-1',
    contactId: 'contact-1',
    agentId: 'user-1',
    agent: { _id: 'user-1', name: 'Sari Wulandari' },
    divisionId: [],
    flag: 'red',
    unreadCount: 0,
    lastMessage: 'Halo',
    lastMessageType: 'text',
    lastUpdate: '2025-03-01T08:00:00.000Z',
    updateAt: '2025-03-01T08:00:00.000Z',
    initiateAt: '2025-03-01T08:00:00.000Z',
    isArchive: false,
    isFlow: false,
    label: [],
    blocked: false,
    isOut: false,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: '101',
    generatedId: null,
    replyTo: null,
    chatId: '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01',
    msgType: 'text',
    text: 'Halo',
    createdAt: '2025-03-01T08:00:00.000Z',
    date: '2025-03-01',
    timestamp: Date.parse('2025-03-01T08:00:00.000Z'),
    status: 'received',
    fromMe: false,
    contacts: [],
    attachmentName: null,
    channel: 'whatsapp',
    to: '',
    username: 'Budi Santoso',
    isSystem: false,
    mediaUrl: null,
    mimeType: null,
    payload: {},
    providerMessageId: 'wamid.1',
    error: null,
    ...overrides,
  };
}

export function chatPages(...pages: Chat[][]): ChatPages {
  return {
    pages: pages.map((data, i) => ({ data, nextKey: i < pages.length - 1 ? `k${i}` : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `k${i - 1}`)),
  };
}

export function messagePages(...pages: Message[][]): MessagePages {
  return {
    pages: pages.map((data, i) => ({ data, nextKey: i < pages.length - 1 ? `m${i}` : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `m${i - 1}`)),
  };
}
