import { describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from '@sapa/contracts';
import {
  type ChatRow,
  type MessageRow,
  chatRooms,
  personalRoom,
  viewerRooms,
  type Viewer,
} from '../modules/conversations/index.js';
import { routeEvent } from './routing.js';
import { audienceOf } from './viewer.js';

const ACC = '00000000-0000-4000-8000-00000000000a';
const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b1';
const D1 = '00000000-0000-4000-8000-0000000000d1';

function chat(over: Partial<ChatRow> = {}): ChatRow {
  const at = new Date('2026-01-15T03:00:00Z');
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    account_id: ACC,
    channel_id: '00000000-0000-4000-8000-0000000000e1',
    contact_id: '00000000-0000-4000-8000-0000000000f1',
    contact_picture_id: null,
    channel: 'whatsapp',
    identifier: '6281',
    name: 'Dewi',
    agent_id: null,
    agent_name: null,
    division_ids: [],
    agent_division_ids: [],
    flag: 'red',
    unread_count: 0,
    last_message_text: '',
    last_message_type: null,
    last_update: at,
    updated_at: at,
    initiate_at: at,
    is_archive: false,
    is_flow: false,
    labels: [],
    blocked: false,
    is_out: false,
    ...over,
  };
}

const message = (fromMe: boolean): MessageRow => ({
  id: 1,
  chat_id: chat().id,
  provider_message_id: null,
  generated_id: null,
  msg_type: 'text',
  text: 'hi',
  payload: {},
  attachment_name: null,
  media_id: null,
  media_mime: null,
  status: 'queue',
  error: null,
  from_me: fromMe,
  is_system: false,
  sender_name: null,
  created_at: new Date(),
  sent_at: new Date(),
  channel: 'whatsapp',
  identifier: '6281',
  chat_name: 'Dewi',
  reply_to: null,
});

const agent = (userId: string): Viewer => ({
  userId,
  accountId: ACC,
  role: 'agent',
  divisionIds: [D1],
  divisionOnlyView: false,
  allChat: false,
  agentIds: [],
});
const reaches = (rooms: string[], v: Viewer) => viewerRooms(v).some((r) => rooms.includes(r));

describe('routeEvent', () => {
  it('names outgoing messages by where they came from', () => {
    const name = (fromMe: boolean, origin?: 'socket' | 'rest') =>
      routeEvent({ type: 'message.created', chat: chat(), message: message(fromMe), origin })[0]
        ?.name;
    expect(name(false)).toBe(SERVER_EVENTS.newMessageIn);
    expect(name(true)).toBe(SERVER_EVENTS.messageOut);
    expect(name(true, 'socket')).toBe(SERVER_EVENTS.messageOut);
    expect(name(true, 'rest')).toBe(SERVER_EVENTS.newMessagePushReply);
  });

  it('sends chat.assigned to the audience before and after, once per room', () => {
    const before = chat({ agent_id: A, agent_division_ids: [D1] });
    const after = chat({ agent_id: B, agent_division_ids: [D1], agent_name: 'B' });
    const [out] = routeEvent({
      type: 'chat.assigned',
      chat: after,
      before,
      by: { _id: B, name: 'B' },
    });
    expect(out?.name).toBe(SERVER_EVENTS.chatAssigned);
    const rooms = out?.rooms ?? [];
    expect(new Set(rooms).size).toBe(rooms.length);
    expect(reaches(rooms, agent(A))).toBe(true);
    expect(reaches(rooms, agent(B))).toBe(true);
    expect(reaches(chatRooms(audienceOf(after)), agent(A))).toBe(false);
    expect(out?.payload).toMatchObject({ previousAgentId: A, chat: { agentId: B } });
  });

  it('sends message.resolved.created to the agent who lost the chat', () => {
    const before = chat({ agent_id: A, division_ids: [D1] });
    const after = chat({ agent_id: null, division_ids: [D1], flag: 'gray' });
    const [out] = routeEvent({
      type: 'chat.resolved',
      chat: after,
      before,
      ticketId: null,
      by: { _id: B, name: 'B' },
    });
    expect(out?.name).toBe(SERVER_EVENTS.messageResolvedCreated);
    expect(reaches(out?.rooms ?? [], agent(A))).toBe(true);
    expect(out?.payload).toMatchObject({ ticketId: null, previousAgentId: A });
  });

  it('keeps results and balance warnings to the user who asked', () => {
    const [result] = routeEvent({
      type: 'chat.assign.result',
      userId: A,
      result: { chatId: chat().id, ok: false, message: 'no' },
    });
    expect(result).toEqual({
      name: SERVER_EVENTS.assignChatResult,
      rooms: [personalRoom(A)],
      payload: { chatId: chat().id, ok: false, message: 'no' },
    });
    const [balance] = routeEvent({
      type: 'balance.check',
      userId: B,
      event: { message: 'Insufficient Balance', balance: 1, minimumBalance: 2 },
    });
    expect(balance?.name).toBe(SERVER_EVENTS.balanceCheck);
    expect(balance?.rooms).toEqual([personalRoom(B)]);
  });

  it('maps chat state changes to the spec names, to the chat rooms', () => {
    const c = chat({ agent_id: A });
    const rooms = chatRooms(audienceOf(c));
    const name = (type: 'chat.archived' | 'chat.unarchived' | 'chat.blocked' | 'chat.updated') =>
      routeEvent({ type, chat: c })[0];
    expect(name('chat.archived')).toMatchObject({ name: SERVER_EVENTS.chatArchived, rooms });
    expect(name('chat.unarchived')).toMatchObject({ name: SERVER_EVENTS.chatUnarchived, rooms });
    expect(name('chat.blocked')).toMatchObject({ name: SERVER_EVENTS.chatBlocked, rooms });
    expect(name('chat.updated')).toMatchObject({ name: SERVER_EVENTS.chat, rooms });
  });
});
