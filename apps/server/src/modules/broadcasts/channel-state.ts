import { MESSAGES } from '@sapa/contracts';
import { conflict, type AppError } from '../../http/errors.js';

/** Why a channel cannot carry a broadcast now: disconnected (it may come back) or deleted. */
export interface ChannelOff {
  code: 'CHANNEL_DISCONNECTED' | 'CHANNEL_DELETED';
  message: string;
}

/**
 * A broadcast goes out only from a connected channel. Creating one is refused (nothing is
 * stored), resuming one is refused, and one due or running on a channel that was disconnected
 * is paused with this reason, so it can be resumed once the channel is reconnected.
 */
export function channelOff(ch: {
  disconnected_at: Date | null;
  deleted_at: Date | null;
}): ChannelOff | null {
  if (ch.deleted_at) return { code: 'CHANNEL_DELETED', message: MESSAGES.broadcastChannelDeleted };
  if (ch.disconnected_at)
    return { code: 'CHANNEL_DISCONNECTED', message: MESSAGES.broadcastChannelDisconnected };
  return null;
}

/** The 409 an API call meets on such a channel. */
export function channelOffError(off: ChannelOff): AppError {
  return conflict(off.message, off.code);
}
