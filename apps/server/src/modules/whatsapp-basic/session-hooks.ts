import type { Deps } from '../../deps.js';
import type { OutboundMessage } from '../../channels/port.js';
import type { ConnectorSession, SessionEvent } from '../../channels/whatsapp-basic/connector.js';
import type { Lease } from './lease.js';

/**
 * The seam between the supervisor (this module: which process runs a session, its state) and
 * the inbox (what a session's messages become: ingest, sends, media). The supervisor attaches
 * the inbox before it opens a session and hands it every session event after its own state
 * handling; the inbox reaches the session through the getter while it runs.
 */
export interface LinkedSessionHooks {
  onEvent(event: SessionEvent): Promise<void>;
  /** A sent message's content by WhatsApp id (drivers re-encrypt it on retry requests). */
  sentMessage(providerMessageId: string): Promise<OutboundMessage | null>;
  /** The session ended here (shutdown, lease lost, logged out, unlinked). */
  detach(): Promise<void>;
}

/** `lease`: the one the session runs under; the inbox sends only while it holds (its epoch). */
export type LinkedSessionAttacher = (
  deps: Deps,
  channelId: string,
  session: () => ConnectorSession,
  lease: Lease,
) => Promise<LinkedSessionHooks>;
