import { z } from 'zod';
import { validationMessage as vm } from './messages.js';
import { idField, requiredString } from './fields.js';
import { text } from './text.js';

/**
 * WhatsApp basic (issue 20, spec §3 `wabasic`): a number the business already has, linked by
 * scanning a QR code (or typing a pairing code) on the phone. One `whatsapp_basic` channel per
 * linked number; a server process holds its session open.
 *
 * The states a linked number is in, as the page shows them:
 * - `unlinked`: no device linked (new channel, or unlinked by the admin); "Link" starts one.
 * - `linking`: waiting for the phone: a QR (rotating) or a pairing code is on offer.
 * - `connecting`: credentials exist and the session is opening (after a scan, a restart or a
 *   takeover by another server process).
 * - `connected`: open; messages flow.
 * - `reconnecting`: the connection closed for a reason worth retrying; retried with backoff.
 * - `qr_expired`: nobody scanned within the allowed QR rotations; "QR expired, start again".
 * - `logged_out`: the phone removed the device (or WhatsApp did, e.g. after 14 days unused):
 *   the channel needs attention and is not retried; re-link to use it again.
 */
export const WABASIC_STATES = [
  'unlinked',
  'linking',
  'connecting',
  'connected',
  'reconnecting',
  'qr_expired',
  'logged_out',
] as const;
export const wabasicStateSchema = z.enum(WABASIC_STATES);
export type WabasicState = z.infer<typeof wabasicStateSchema>;

/** `settings/whatsapp-type` (spec §3, §9): which WhatsApp integration an account sees. */
export const WHATSAPP_TYPES = ['wabasic', 'waba'] as const;
export const whatsappTypeSchema = z.enum(WHATSAPP_TYPES);
export type WhatsappType = z.infer<typeof whatsappTypeSchema>;
export const DEFAULT_WHATSAPP_TYPE: WhatsappType = 'wabasic';

/** How many QR codes one link attempt shows before it stops with `qr_expired`. */
export const WABASIC_MAX_QR_ROTATIONS = 5;

/** `?channel=` on the `users/light/*` reads: a whatsapp_basic channel id; absent = the account's first. */
export const wabasicChannelQuerySchema = z.object({ channel: idField.optional() });
export type WabasicChannelQuery = z.infer<typeof wabasicChannelQuerySchema>;

/**
 * `GET /api/users/light/status`: where the link stands. `channel` is null (and `state`
 * `unlinked`) when the account has no whatsapp_basic channel yet. `reason` says why the last
 * connection closed (a neutral close reason such as `connection_lost`, `logged_out`), `message`
 * says it in words for the page; `since`: when this state began.
 */
export const wabasicStatusSchema = z.object({
  channel: z.string().nullable(),
  name: z.string().nullable(),
  state: wabasicStateSchema,
  reason: z.string().nullable(),
  message: z.string().nullable(),
  since: z.string().nullable(),
  /** When the number was last connected (null: never). */
  lastConnectedAt: z.string().nullable(),
  needsAttention: z.boolean(),
  /** Group chats reach the inbox (`POST /api/users/light/groups`); off by default. */
  includeGroups: z.boolean(),
});
export type WabasicStatus = z.infer<typeof wabasicStatusSchema>;

/**
 * `GET /api/users/light/qrcode`: the QR to show while `linking` (null otherwise). `qr` is the
 * raw string the phone scans (the page renders it as a QR image); it stops working at
 * `expiresAt` and a new one replaces it (`rotation` of `maxRotations`).
 */
export const wabasicQrSchema = z.object({
  channel: z.string().nullable(),
  state: wabasicStateSchema,
  qr: z.string().nullable(),
  expiresAt: z.string().nullable(),
  rotation: z.number().int(),
  maxRotations: z.number().int(),
});
export type WabasicQr = z.infer<typeof wabasicQrSchema>;

/** `GET /api/users/light/user`: the linked number; `user` null until a phone has linked. */
export const wabasicUserSchema = z.object({
  channel: z.string().nullable(),
  user: z
    .object({
      /** Digits with the country code. */
      phone: z.string(),
      /** The name on the phone's WhatsApp, when it says. */
      name: z.string().nullable(),
      linkedAt: z.string().nullable(),
    })
    .nullable(),
});
export type WabasicUser = z.infer<typeof wabasicUserSchema>;

/**
 * `POST /api/users/light/link`: starts linking (new QR). Without `channel` it creates a new
 * whatsapp_basic channel named `name` (channel limits apply, 409 `CHANNEL_LIMIT`); with
 * `channel` it re-links that one (after `unlinked`, `qr_expired` or `logged_out`; 409 when it
 * is already connected). Answers the status (`linking`).
 */
export const wabasicLinkBodySchema = z.object({
  channel: idField.optional(),
  name: requiredString('name').max(60, vm.max('name', 60)).optional(),
});
export type WabasicLinkBody = z.infer<typeof wabasicLinkBodySchema>;

/**
 * `POST /api/users/light/pairing-code`: the alternative to the QR while `linking`: the phone
 * number (digits with country code, a leading + allowed) whose phone will type the code.
 */
export const wabasicPairingBodySchema = z.object({
  channel: idField.optional(),
  phone: text({ error: () => vm.required('phone number') })
    .trim()
    .regex(/^\+?\d{8,15}$/, 'The phone number must be 8 to 15 digits with the country code'),
});
export type WabasicPairingBody = z.infer<typeof wabasicPairingBodySchema>;
/** The 8-character code the phone asks for under Linked devices → Link with phone number. */
export const wabasicPairingCodeSchema = z.object({ channel: z.string(), code: z.string() });
export type WabasicPairingCode = z.infer<typeof wabasicPairingCodeSchema>;

/**
 * `POST /api/users/light/unlink`: logs the device out at WhatsApp and forgets the session
 * (state `unlinked`); the channel and its conversations stay. Answers the status.
 */
export const wabasicUnlinkBodySchema = z.object({ channel: idField.optional() });
export type WabasicUnlinkBody = z.infer<typeof wabasicUnlinkBodySchema>;

/**
 * `POST /api/users/light/groups` (admins): whether the number's group chats reach the inbox.
 * Takes effect at once on whichever server process holds the session; turning it on does not
 * fetch what groups said before (only messages from then on arrive), turning it off drops
 * group messages again (group chats already in the inbox stay). Answers the status.
 */
export const wabasicGroupsBodySchema = z.object({
  channel: idField.optional(),
  enabled: z.boolean({ error: () => 'enabled must be true or false' }),
});
export type WabasicGroupsBody = z.infer<typeof wabasicGroupsBodySchema>;

/**
 * Who wrote an inbound message in a group chat (`message.payload.groupSender`): the chat is the
 * group (its JID, its subject as the name); this is the participant. `identifier`: phone digits,
 * or `<lid>@lid` while WhatsApp withholds the phone.
 */
export const groupSenderSchema = z.object({
  identifier: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type GroupSender = z.infer<typeof groupSenderSchema>;

/** The group participant who wrote a stored message, or null (not a group message). */
export function groupSenderOf(payload: Record<string, unknown>): GroupSender | null {
  const parsed = groupSenderSchema.safeParse(payload.groupSender);
  return parsed.success ? parsed.data : null;
}

/** A WhatsApp group's JID (`…@g.us`): the chat is the group, not one customer. */
export const isGroupJid = (identifier: string): boolean => identifier.endsWith('@g.us');

/**
 * `wabasic.state` (socket, the account's admins): a linked number's state or QR changed; the
 * page replaces what it shows with this (no polling).
 */
export const WABASIC_STATE_EVENT = 'wabasic.state';
export const wabasicStateEventSchema = z.object({
  status: wabasicStatusSchema,
  qr: wabasicQrSchema,
});
export type WabasicStateEvent = z.infer<typeof wabasicStateEventSchema>;

/** What `status.message` says for each state (the page translates by `state`). */
export const WABASIC_STATE_MESSAGES: Record<WabasicState, string> = {
  unlinked: 'No phone is linked. Start linking and scan the QR code with WhatsApp on the phone.',
  linking:
    'Open WhatsApp on the phone, go to Linked devices, tap Link a device and scan this QR code.',
  connecting: 'Connecting to WhatsApp…',
  connected: 'Connected. Messages to this number arrive in the inbox.',
  reconnecting: 'The connection dropped. Reconnecting…',
  qr_expired: 'QR expired, start again.',
  logged_out:
    'The phone logged this device out (or WhatsApp did after 14 days unused). Link it again with a new QR code.',
};
