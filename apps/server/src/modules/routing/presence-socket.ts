import type { Socket } from 'socket.io';
import type { Deps } from '../../deps.js';
import type { Principal } from '../auth/principal.js';
import { presenceRoom, seesPresenceOfOthers } from './presence-rooms.js';
import type { PresenceProcess } from './presence-process.js';

/**
 * Counts a socket into its user's presence for as long as it is connected. The disconnect waits
 * for the connect's write, so a socket that drops at once never leaves a count behind.
 */
export async function trackPresence(
  deps: Deps,
  presence: PresenceProcess,
  socket: Socket,
  principal: Principal,
): Promise<void> {
  const who = { accountId: principal.accountId, userId: principal.userId };
  const warn = (err: unknown) => deps.log.warn({ err, userId: who.userId }, 'presence not updated');
  const connected = presence.connected(who).catch(warn);
  socket.once('disconnect', () => {
    void connected.then(() => presence.disconnected(who)).catch(warn);
  });
  if (seesPresenceOfOthers(principal.role))
    await Promise.resolve(socket.join(presenceRoom(principal.accountId))).catch(warn);
  await connected;
}
