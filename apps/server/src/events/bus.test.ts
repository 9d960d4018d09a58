import { describe, expect, it } from 'vitest';
import type { ChatRow, MessageRow } from '../modules/conversations/index.js';
import { EventBus } from './bus.js';

const chat = (agent: string | null) => ({ id: 'c1', agent_id: agent }) as ChatRow;
const received = () => ({
  chat: chat(null),
  message: { id: '1' } as unknown as MessageRow,
  customerId: '62811',
  at: new Date(0),
  surveyAnswer: false,
});

describe('the awaited event spine', () => {
  it('runs listeners one after another in order; a later one sees the chat an earlier one set', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('message.received', async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`first:${e.chat.agent_id}`);
      e.chat = chat('creator');
    });
    bus.on('message.received', async (e) => {
      seen.push(`second:${e.chat.agent_id}`);
    });
    await bus.emit('message.received', received());
    expect(seen).toEqual(['first:null', 'second:creator']);
  });

  it('answers each listener’s result, lets an error reach the publisher, and can unsubscribe', async () => {
    const bus = new EventBus();
    const status = {
      channelId: 'ch',
      status: {
        providerMessageId: 'w',
        status: 'read' as const,
        error: null,
        timestamp: new Date(0),
        callbackData: 'x',
      },
    };
    expect(await bus.emit('send.status', status)).toEqual([]);
    const off = bus.on('send.status', async () => true);
    expect(await bus.emit('send.status', status)).toEqual([true]);
    off();
    bus.on('send.status', async () => {
      throw new Error('database down');
    });
    await expect(bus.emit('send.status', status)).rejects.toThrow('database down');
  });
});
