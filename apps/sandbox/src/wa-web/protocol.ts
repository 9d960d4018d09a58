import { z } from 'zod';

/**
 * The wire protocol of the sandbox's WhatsApp-Web stand-in (issue 20). Real WhatsApp Web is a
 * Noise-encrypted binary protocol that no local server can speak (Baileys pins WhatsApp's
 * certificate), so the sandbox plays its shape in JSON frames over a WebSocket at /wa/ws:
 * QR codes that rotate, a scan by the phone, the restart after the first scan, per-device
 * credentials, messages a device must acknowledge (else they are offered again on the next
 * connection), receipts, reactions, history, and closes whose codes are 4000 + Baileys'
 * DisconnectReason status codes. Sapa's sandbox driver keeps its own copy of these shapes
 * (apps/server/src/channels/whatsapp-basic/sandbox/frames.ts) and checks every frame.
 */

/** Close codes: 4000 + WhatsApp's status code; the close reason text is the name. */
export const CLOSE_CODES = {
  connection_closed: 4428,
  connection_lost: 4408,
  timed_out: 4408,
  qr_expired: 4408,
  connection_replaced: 4440,
  logged_out: 4401,
  bad_session: 4500,
  restart_required: 4515,
  multidevice_mismatch: 4411,
  forbidden: 4403,
  unavailable: 4503,
} as const;
export type CloseName = keyof typeof CLOSE_CODES;
export const CLOSE_NAMES = Object.keys(CLOSE_CODES) as [CloseName, ...CloseName[]];

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';
export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;

export interface WireMedia {
  id: string;
  mimeType: string;
  size: number;
  sha256: string;
  filename: string | null;
}

/** Who wrote a message: a customer by phone, or (LID-first) by LID with the phone withheld. */
export interface WireSender {
  phone: string | null;
  lid: string | null;
  name: string | null;
}

export interface WireMessage {
  id: string;
  /**
   * The customer's chat: their phone digits, or `<lid>@lid` while WhatsApp withholds it; or a
   * group's JID (`…@g.us`), as Baileys' `key.remoteJid`.
   */
  chat: string;
  /** Written on the number's side (by a linked device or the phone itself). */
  fromMe: boolean;
  /** Who wrote it; in a group, the participant (Baileys' `key.participant`). */
  sender: WireSender;
  /** A group's subject, on messages in a group (the group's chat name). */
  subject?: string;
  timestamp: number;
  type: 'text' | MediaKind;
  text: string | null;
  caption: string | null;
  media: WireMedia | null;
  replyTo: string | null;
}

export type WireItem =
  | { id: string; kind: 'message'; message: WireMessage }
  | {
      id: string;
      kind: 'receipt';
      chat: string;
      messageIds: string[];
      status: 'sent' | 'delivered' | 'read';
      timestamp: number;
    }
  | {
      id: string;
      kind: 'reaction';
      chat: string;
      reactionId: string;
      sender: WireSender;
      fromMe: boolean;
      targetId: string;
      /** '' takes the reaction back, as WhatsApp does. */
      emoji: string;
      timestamp: number;
    }
  | { id: string; kind: 'identity'; lid: string; phone: string };

export interface WireAccount {
  phone: string;
  name: string;
  lid: string;
}

export interface WireCreds {
  deviceId: string;
  secret: string;
}

/** Server → device. */
export type ServerFrame =
  | { t: 'qr'; qr: string; expiresAt: number; n: number }
  | { t: 'paired'; creds: WireCreds; account: WireAccount }
  | { t: 'open'; account: WireAccount; firstLink: boolean }
  /** live: as it happens; offline: queued while no connection was up; history: the phone's chats at link time. */
  | { t: 'items'; origin: 'live' | 'offline' | 'history'; items: WireItem[] }
  | { t: 'offline_done'; count: number }
  | { t: 'result'; req: string; ok: true; data: unknown }
  | { t: 'result'; req: string; ok: false; error: { code: string; message: string } };

const credsSchema = z.object({ deviceId: z.string().min(1).max(100), secret: z.string().min(1) });
const req = z.string().min(1).max(100);
const digits = z.string().regex(/^\d{5,20}$/, 'must be 5–20 digits');

export const callSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('send'),
    to: z.string().min(1).max(100),
    type: z.enum(['text', ...MEDIA_KINDS]),
    text: z.string().max(65_536).nullable().optional(),
    caption: z.string().max(4096).nullable().optional(),
    media: z
      .object({
        data: z.string().max(24_000_000),
        mimeType: z.string().min(1).max(200),
        filename: z.string().max(255).nullable().optional(),
      })
      .nullable()
      .optional(),
    replyTo: z.string().max(200).nullable().optional(),
  }),
  z.object({
    op: z.literal('read'),
    chat: z.string().min(1).max(100),
    ids: z.array(z.string().max(200)).min(1).max(1000),
  }),
  z.object({ op: z.literal('pairing_code'), phone: digits }),
  z.object({ op: z.literal('logout') }),
]);
export type Call = z.infer<typeof callSchema>;

/** Device → server. */
export const clientFrameSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('hello'),
    creds: credsSchema.nullable().optional(),
    client: z.string().max(100).optional(),
  }),
  z.object({ t: z.literal('paired_ack') }),
  z.object({ t: z.literal('ack'), ids: z.array(z.string().max(100)).max(10_000) }),
  z.object({ t: z.literal('req'), req, call: callSchema }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
