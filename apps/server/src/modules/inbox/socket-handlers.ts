import type { z } from 'zod';
import {
  CLIENT_EVENTS,
  MESSAGES,
  SERVER_EVENTS,
  chatRefSchema,
  sendMessageBodySchema,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { isAllowed, type Action } from '../../policies.js';
import type { Realtime } from '../../realtime/server.js';
import { personalRoom } from '../conversations/index.js';
import type { Principal } from '../auth/principal.js';
import { changeChatState, type ChatStateChange } from './actions/state.service.js';
import { isUserInitiate, openChat } from './chat-actions.service.js';
import { sendMessage } from './send.service.js';
import { registerTemplateSocketHandler } from './templates/routes.js';

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const r = schema.safeParse(payload);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Invalid payload', 'VALIDATION');
  return r.data;
}

/** The same policies as the REST routes, so a socket is never a way around them. */
function authorize(principal: Principal, action: Action): void {
  if (!isAllowed(action, principal)) throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
}

const STATE_EVENTS: { event: string; change: ChatStateChange; action: Action }[] = [
  { event: CLIENT_EVENTS.archiveChat, change: 'archive', action: 'chats.archive' },
  { event: CLIENT_EVENTS.unarchiveChat, change: 'unarchive', action: 'chats.archive' },
  { event: CLIENT_EVENTS.blockChat, change: 'block', action: 'chats.block' },
];

/** The inbox's client-emitted socket events (spec §7); each answers through its ack. */
export function registerInboxSocketHandlers(deps: Deps, realtime: Realtime): void {
  realtime.on(CLIENT_EVENTS.newMessageOut, (principal, payload) =>
    sendMessage(deps, principal, parse(sendMessageBodySchema, payload)),
  );
  registerTemplateSocketHandler(deps, realtime);
  realtime.on(CLIENT_EVENTS.openChat, (principal, payload) =>
    openChat(deps, principal, parse(chatRefSchema, payload).chatId),
  );
  realtime.on(CLIENT_EVENTS.getIsUserInitiate, async (principal, payload) => {
    const result = await isUserInitiate(deps, principal, parse(chatRefSchema, payload).chatId);
    realtime.io.to(personalRoom(principal.userId)).emit(SERVER_EVENTS.isUserInitiate, result);
    return result;
  });
  for (const { event, change, action } of STATE_EVENTS) {
    realtime.on(event, async (principal, payload) => {
      authorize(principal, action);
      return changeChatState(deps, principal, parse(chatRefSchema, payload).chatId, change);
    });
  }
}
