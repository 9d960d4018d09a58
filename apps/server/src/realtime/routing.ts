import {
  BALANCE_UPDATED_EVENT,
  BROADCAST_PROGRESS_EVENT,
  CHANNEL_HEALTH_EVENT,
  DASHBOARD_UPDATED_EVENT,
  ORDER_UPDATED_EVENT,
  PRESENCE_UPDATED_EVENT,
  SERVER_EVENTS,
  WABASIC_STATE_EVENT,
  type ChatAssignedEvent,
  type ChatChangedEvent,
  type DashboardUpdatedEvent,
  type MessageResolvedEvent,
} from '@sapa/contracts';
import type { ChatAudienceRow, DomainEvent } from '../events/bus.js';
import {
  adminsRoom,
  presentChat,
  presentMessage,
  chatRooms,
  personalRoom,
} from '../modules/conversations/index.js';
import { presenceRoom } from '../modules/routing/presence-rooms.js';
import { dashboardRoom, dashboardUserRoom } from '../modules/reports/sockets.js';
import { audienceOf } from './viewer.js';

export interface OutgoingSocketEvent {
  name: string;
  rooms: string[];
  payload: unknown;
}

const roomsOf = (chat: ChatAudienceRow) => chatRooms(audienceOf(chat));

/**
 * Rooms that could see the chat before a change and rooms that can see it now: whoever loses a
 * chat (the previous agent, another division) must still hear why it left their list.
 */
function unionRooms(before: ChatAudienceRow, after: ChatAudienceRow): string[] {
  return [...new Set([...roomsOf(before), ...roomsOf(after)])];
}

const CHANGED_NAMES = {
  'chat.archived': SERVER_EVENTS.chatArchived,
  'chat.unarchived': SERVER_EVENTS.chatUnarchived,
  'chat.blocked': SERVER_EVENTS.chatBlocked,
} as const;

/** Domain event → the spec's socket event names and the rooms allowed to see them. */
export function routeEvent(event: DomainEvent): OutgoingSocketEvent[] {
  switch (event.type) {
    case 'message.created': {
      let name: string = SERVER_EVENTS.newMessageIn;
      if (event.message.from_me)
        name =
          event.origin === 'rest' ? SERVER_EVENTS.newMessagePushReply : SERVER_EVENTS.messageOut;
      return [
        {
          name,
          rooms: roomsOf(event.chat),
          payload: { chat: presentChat(event.chat), message: presentMessage(event.message) },
        },
      ];
    }
    case 'message.updated':
      return [
        {
          name: SERVER_EVENTS.messageUpdated,
          rooms: roomsOf(event.chat),
          payload: { chat: presentChat(event.chat), message: presentMessage(event.message) },
        },
      ];
    case 'message.status':
      return [
        {
          name: SERVER_EVENTS.messageStatus,
          rooms: roomsOf(event.chat),
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
          rooms: event.userId ? [personalRoom(event.userId)] : roomsOf(event.chat),
          payload: event.error,
        },
      ];
    case 'chat.read':
      return [
        {
          name: SERVER_EVENTS.readChat,
          rooms: roomsOf(event.chat),
          payload: { chatId: event.chat.id, userId: event.userId },
        },
      ];
    case 'chat.assigned': {
      const payload: ChatAssignedEvent = {
        chat: presentChat(event.chat),
        previousAgentId: event.before.agent_id,
        by: event.by,
      };
      return [
        {
          name: SERVER_EVENTS.chatAssigned,
          rooms: unionRooms(event.before, event.chat),
          payload,
        },
      ];
    }
    case 'chat.assign.result':
      return [
        {
          name: SERVER_EVENTS.assignChatResult,
          rooms: [personalRoom(event.userId)],
          payload: event.result,
        },
      ];
    case 'chat.updated':
      return [
        {
          name: SERVER_EVENTS.chat,
          rooms: roomsOf(event.chat),
          payload: { chat: presentChat(event.chat) },
        },
      ];
    case 'chat.archived':
    case 'chat.unarchived':
    case 'chat.blocked': {
      const payload: ChatChangedEvent = { chat: presentChat(event.chat) };
      return [{ name: CHANGED_NAMES[event.type], rooms: roomsOf(event.chat), payload }];
    }
    case 'chat.resolved': {
      const payload: MessageResolvedEvent = {
        chat: presentChat(event.chat),
        ticketId: event.ticketId,
        previousAgentId: event.before.agent_id,
        by: event.by,
      };
      return [
        {
          name: SERVER_EVENTS.messageResolvedCreated,
          rooms: unionRooms(event.before, event.chat),
          payload,
        },
      ];
    }
    case 'presence.updated':
      return [
        {
          name: PRESENCE_UPDATED_EVENT,
          rooms: [presenceRoom(event.accountId), personalRoom(event.presence.userId)],
          payload: event.presence,
        },
      ];
    case 'welcome.message.out':
      return [
        {
          name: SERVER_EVENTS.welcomeMessageOut,
          rooms: roomsOf(event.chat),
          payload: { chat: presentChat(event.chat), message: presentMessage(event.message) },
        },
      ];
    case 'balance.check':
      return [
        {
          name: SERVER_EVENTS.balanceCheck,
          rooms: [personalRoom(event.userId)],
          payload: event.event,
        },
      ];
    case 'broadcast.progress':
      // The presence room holds the account's admins and supervisors: the broadcast managers.
      return [
        {
          name: BROADCAST_PROGRESS_EVENT,
          rooms: [
            presenceRoom(event.accountId),
            ...(event.creatorId ? [personalRoom(event.creatorId)] : []),
          ],
          payload: event.event,
        },
      ];
    // Money is the managers' business: the presence room holds the account's admins and supervisors.
    case 'order.updated':
      return [
        { name: ORDER_UPDATED_EVENT, rooms: [presenceRoom(event.accountId)], payload: event.order },
      ];
    case 'balance.updated':
      return [
        {
          name: BALANCE_UPDATED_EVENT,
          rooms: [presenceRoom(event.accountId)],
          payload: { saldo: event.saldo },
        },
      ];
    // Channels are the admins' to manage: agents and supervisors are not told.
    case 'channel.health':
      return [
        {
          name: CHANNEL_HEALTH_EVENT,
          rooms: [adminsRoom(event.accountId)],
          payload: { service: event.service },
        },
      ];
    // Linking a number is the admins' business too; the page shows the QR as it rotates.
    case 'wabasic.state':
      return [
        { name: WABASIC_STATE_EVENT, rooms: [adminsRoom(event.accountId)], payload: event.event },
      ];
    // For outbound webhooks only: the contacts page fetches its own list.
    case 'contact.created':
    case 'contact.updated':
      return [];
    // Only sockets with the dashboard open: the account's managers, and the agents concerned.
    case 'dashboard.updated': {
      const payload: DashboardUpdatedEvent = { at: event.at.toISOString() };
      return [
        {
          name: DASHBOARD_UPDATED_EVENT,
          rooms: [dashboardRoom(event.accountId), ...event.agentIds.map(dashboardUserRoom)],
          payload,
        },
      ];
    }
  }
}
