import { SERVER_EVENTS } from '@sapa/contracts';
import type { DomainEvent } from '../events/bus.js';
import { presentChat, presentMessage } from '../modules/inbox/presenters.js';
import { chatRooms, personalRoom } from './visibility.js';
import { audienceOf } from './viewer.js';

export interface OutgoingSocketEvent {
  name: string;
  rooms: string[];
  payload: unknown;
}

/** Domain event → the spec's socket event names and the rooms allowed to see them. */
export function routeEvent(event: DomainEvent): OutgoingSocketEvent[] {
  const rooms = chatRooms(audienceOf(event.chat));
  switch (event.type) {
    case 'message.created':
      return [
        {
          name: event.message.from_me ? SERVER_EVENTS.messageOut : SERVER_EVENTS.newMessageIn,
          rooms,
          payload: { chat: presentChat(event.chat), message: presentMessage(event.message) },
        },
      ];
    case 'message.status':
      return [
        {
          name: SERVER_EVENTS.messageStatus,
          rooms,
          payload: {
            chatId: event.chat.id,
            messageId: event.messageId,
            status: event.status,
            ...(event.error ? { error: event.error } : {}),
          },
        },
      ];
    case 'message.error':
      return [
        {
          name: SERVER_EVENTS.errorMessage,
          rooms: event.userId ? [personalRoom(event.userId)] : rooms,
          payload: event.error,
        },
      ];
    case 'chat.read':
      return [
        {
          name: SERVER_EVENTS.readChat,
          rooms,
          payload: { chatId: event.chat.id, userId: event.userId },
        },
      ];
  }
}
