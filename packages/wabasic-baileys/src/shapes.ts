/**
 * The parts of Baileys' event payloads (baileys@7.0.0-rc14, src/Types/Events.ts, Message.ts,
 * State.ts and proto.WebMessageInfo) that the driver reads, as plain structural types. The pure
 * mapping in events.ts takes these, so its unit suite runs on recorded JSON shapes without a
 * socket; Baileys' own objects satisfy them (protobuf bytes are Uint8Array, JSON fixtures give
 * base64 strings, timestamps are numbers or protobuf Longs).
 */
export type Bytes = Uint8Array | string | { type: 'Buffer'; data: string | number[] };
export type Timestamp = number | string | { low: number; high: number; unsigned?: boolean };

export interface WaKey {
  remoteJid?: string | null;
  remoteJidAlt?: string | null;
  fromMe?: boolean | null;
  id?: string | null;
  participant?: string | null;
  participantAlt?: string | null;
}

export interface WaContextInfo {
  stanzaId?: string | null;
  participant?: string | null;
}

export interface WaMedia {
  url?: string | null;
  directPath?: string | null;
  mediaKey?: Bytes | null;
  mimetype?: string | null;
  fileSha256?: Bytes | null;
  fileEncSha256?: Bytes | null;
  fileLength?: Timestamp | null;
  caption?: string | null;
  fileName?: string | null;
  ptt?: boolean | null;
  contextInfo?: WaContextInfo | null;
}

export interface WaContent {
  conversation?: string | null;
  extendedTextMessage?: { text?: string | null; contextInfo?: WaContextInfo | null } | null;
  imageMessage?: WaMedia | null;
  videoMessage?: WaMedia | null;
  audioMessage?: WaMedia | null;
  documentMessage?: WaMedia | null;
  stickerMessage?: WaMedia | null;
  locationMessage?: {
    degreesLatitude?: number | null;
    degreesLongitude?: number | null;
    name?: string | null;
    address?: string | null;
    contextInfo?: WaContextInfo | null;
  } | null;
  contactMessage?: {
    displayName?: string | null;
    vcard?: string | null;
    contextInfo?: WaContextInfo | null;
  } | null;
  reactionMessage?: unknown;
  protocolMessage?: unknown;
  // Wrappers whose inner `message` is the real content.
  ephemeralMessage?: { message?: WaContent | null } | null;
  viewOnceMessage?: { message?: WaContent | null } | null;
  viewOnceMessageV2?: { message?: WaContent | null } | null;
  documentWithCaptionMessage?: { message?: WaContent | null } | null;
}

export interface WaMessage {
  key: WaKey;
  message?: WaContent | null;
  messageTimestamp?: Timestamp | null;
  pushName?: string | null;
  /** proto.WebMessageInfo.Status */
  status?: number | null;
}

export interface WaMessageUpdate {
  key: WaKey;
  update: { status?: number | null };
}

export interface WaReceiptUpdate {
  key: WaKey;
  receipt: {
    userJid?: string | null;
    receiptTimestamp?: Timestamp | null;
    readTimestamp?: Timestamp | null;
    playedTimestamp?: Timestamp | null;
  };
}

export interface WaReaction {
  /** The message reacted to. */
  key: WaKey;
  reaction: { key?: WaKey | null; text?: string | null; senderTimestampMs?: Timestamp | null };
}

export interface WaHistorySet {
  messages: WaMessage[];
  lidPnMappings?: { lid: string; pn: string }[];
}

export interface WaLidMapping {
  lid: string;
  pn: string;
}

/** `connection.update`'s `lastDisconnect.error`: a Boom whose output carries the status code. */
export interface WaDisconnect {
  error?: { output?: { statusCode?: number }; message?: string } | Error | null;
}

/** proto.WebMessageInfo.Status */
export const WA_STATUS = {
  ERROR: 0,
  PENDING: 1,
  SERVER_ACK: 2,
  DELIVERY_ACK: 3,
  READ: 4,
  PLAYED: 5,
} as const;

/** Baileys' DisconnectReason (src/Types/index.ts). */
export const WA_DISCONNECT = {
  connectionClosed: 428,
  connectionLost: 408,
  connectionReplaced: 440,
  timedOut: 408,
  loggedOut: 401,
  badSession: 500,
  restartRequired: 515,
  multideviceMismatch: 411,
  forbidden: 403,
  unavailableService: 503,
} as const;
