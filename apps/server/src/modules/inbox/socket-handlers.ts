import { z } from 'zod';
import { CLIENT_EVENTS, SERVER_EVENTS, sendMessageBodySchema } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../http/errors.js';
import type { Realtime } from '../../realtime/server.js';
import { personalRoom } from '../../realtime/visibility.js';
import { isUserInitiate, openChat } from './chat-actions.service.js';
import { sendMessage } from './send.service.js';

const chatRef = z.object({ chatId: z.uuid() });

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const r = schema.safeParse(payload);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Invalid payload', 'VALIDATION');
  return r.data;
}

/** The inbox's client-emitted socket events (spec §7); each answers through its ack. */
export function registerInboxSocketHandlers(deps: Deps, realtime: Realtime): void {
  realtime.on(CLIENT_EVENTS.newMessageOut, (principal, payload) =>
    sendMessage(deps, principal, parse(sendMessageBodySchema, payload)),
  );
  realtime.on(CLIENT_EVENTS.openChat, (principal, payload) =>
    openChat(deps, principal, parse(chatRef, payload).chatId),
  );
  realtime.on(CLIENT_EVENTS.getIsUserInitiate, async (principal, payload) => {
    const result = await isUserInitiate(deps, principal, parse(chatRef, payload).chatId);
    realtime.io.to(personalRoom(principal.userId)).emit(SERVER_EVENTS.isUserInitiate, result);
    return result;
  });
}
