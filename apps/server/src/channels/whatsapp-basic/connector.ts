import type { FetchedMedia, InboundMediaRef, NeutralEvent, OutboundMessage } from '../port.js';

/**
 * The connector port (issue 20 §1), beside the channel port (../port.ts). A number linked by QR
 * code is a long-lived session that one server process holds open, not a webhook: the port
 * starts a session, reports QR codes and connection states, hands over messages, receipts and
 * history as the same neutral events the webhooks give (so they enter the same ingest), and
 * sends. Drivers live in their own folders behind it: `sandbox/` (talks to apps/sandbox's fake
 * phone) and the Baileys driver, a separate workspace package loaded only for real numbers.
 * Nothing provider-specific (JIDs, Baileys' status codes, protobufs) crosses this file.
 */
export interface Connector {
  readonly driver: ConnectorDriver;
  /** Opens (does not yet start) a session for one channel. */
  open(options: SessionOptions): ConnectorSession;
}

export type ConnectorDriver = 'sandbox' | 'baileys';

export interface SessionOptions {
  /** The channel (channels.id) this session links; also its lease's name. */
  channelId: string;
  /** Where the session's credentials and keys live (sealed in PostgreSQL by the server). */
  store: SessionStore;
  /**
   * Called for every session event, in order; the driver waits for it before acknowledging
   * anything to WhatsApp (a message is acknowledged only once it is stored), so a crash in
   * between makes WhatsApp offer it again rather than lose it.
   */
  onEvent(event: SessionEvent): Promise<void>;
  /** A sent message's content by id (Baileys re-encrypts on retry requests); null if unknown. */
  sentMessage(providerMessageId: string): Promise<OutboundMessage | null>;
  /** Group chats are ignored unless the admin turned them on. */
  includeGroups: boolean;
}

/**
 * The session's credentials and Signal keys, as opaque strings the driver serialises itself.
 * Every write resolves only once it is durable: the driver writes a key before it uses it.
 */
export interface SessionStore {
  readCreds(): Promise<string | null>;
  writeCreds(creds: string): Promise<void>;
  /** Values by id for one key type; ids without a value are absent. */
  readKeys(type: string, ids: string[]): Promise<Record<string, string>>;
  /** Sets (string) or deletes (null) keys of several types in one durable write. */
  writeKeys(changes: Record<string, Record<string, string | null>>): Promise<void>;
  /** Forgets everything (logged out: the next link starts from a new QR). */
  clear(): Promise<void>;
}

export interface ConnectorSession {
  /** Connects (with stored credentials when there are some, else towards a QR). */
  start(): Promise<void>;
  /** The pairing-code alternative to the QR: the code to type on the phone. */
  requestPairingCode(phoneDigits: string): Promise<string>;
  /** Sends one message; WhatsApp's id for it, which later receipts name. */
  send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: Date }>;
  /** Tells the customer's phone these messages were read. */
  markRead(customer: string, providerMessageIds: string[]): Promise<void>;
  /** An inbound attachment's bytes (drivers give `provider_id` refs they can resolve). */
  fetchMedia(media: InboundMediaRef): Promise<FetchedMedia>;
  /** Logs the device out at WhatsApp (unlink) and clears the store; ends the session. */
  logout(): Promise<void>;
  /** Closes the connection, keeping the link (shutdown, or the lease moved elsewhere). */
  end(): Promise<void>;
}

/** Why a connection closed, as neutral kinds (the drivers map their status codes). */
export type CloseReason =
  | 'connection_closed'
  | 'connection_lost'
  | 'timed_out'
  | 'connection_replaced'
  | 'logged_out'
  | 'bad_session'
  | 'restart_required'
  | 'multidevice_mismatch'
  | 'forbidden'
  | 'unavailable'
  | 'qr_expired'
  | 'unknown';

/** Who the linked number is. */
export interface LinkedAccount {
  /** Digits only, with the country code. */
  phone: string;
  /** The name set on the phone's WhatsApp, when it says. */
  name: string | null;
  /** WhatsApp's LID for the number, when it gives one. */
  lid: string | null;
}

export type SessionEvent =
  /** A new QR to show; the previous one stops working. */
  | { kind: 'qr'; qr: string; expiresAt: Date }
  | { kind: 'connecting' }
  | { kind: 'open'; account: LinkedAccount; firstLink: boolean }
  | { kind: 'close'; reason: CloseReason; detail: string | null }
  /**
   * Messages, receipts and reactions as the webhooks give them. `live`: as they happen;
   * `caught_up`: arrived while Sapa was not connected, offered by WhatsApp on reconnect
   * (offline delivery or history sync); the same id twice is stored once.
   */
  | { kind: 'events'; origin: 'live' | 'caught_up'; events: NeutralEvent[] }
  /** A customer known by an `@lid` identity has a phone number (stable mapping). */
  | { kind: 'identity'; lid: string; phone: string };
