import { LIMITS, type Chat, type Message } from '@sapa/contracts';

export type AttachmentKind = 'image' | 'video' | 'document';

export type AttachmentCheck =
  { ok: true; kind: AttachmentKind } | { ok: false; reason: 'empty' | 'tooLarge' };

// Spec §5: images JPG/JPEG/PNG and video MP4/OGG show inline; anything else is a document.
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/ogg', 'application/ogg']);
const IMAGE_EXT = /\.(jpe?g|png)$/i;
const VIDEO_EXT = /\.(mp4|ogg|ogv)$/i;

/** The same sorting the server does by content, done first by type and name to warn early. */
export function attachmentKind(file: Pick<File, 'type' | 'name'>): AttachmentKind {
  if (IMAGE_TYPES.has(file.type) || (!file.type && IMAGE_EXT.test(file.name))) return 'image';
  if (VIDEO_TYPES.has(file.type) || (!file.type && VIDEO_EXT.test(file.name))) return 'video';
  return 'document';
}

/** Checks a picked file before uploading it: 1 MB at most (spec §5), never empty. */
export function checkAttachment(file: Pick<File, 'type' | 'name' | 'size'>): AttachmentCheck {
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > LIMITS.uploadBytes) return { ok: false, reason: 'tooLarge' };
  return { ok: true, kind: attachmentKind(file) };
}

/** Prefix of the ids of bubbles the server has not acknowledged yet. */
export const LOCAL_ID_PREFIX = 'local:';

export function isLocalMessage(message: Pick<Message, '_id'>): boolean {
  return message._id.startsWith(LOCAL_ID_PREFIX);
}

/** A file already stored on the server (a quick reply's attachment), sent by its id. */
export interface StoredMedia {
  _id: string;
  mimeType: string;
  filename: string | null;
}

function quoted(message: Pick<Message, '_id' | 'text' | 'msgType' | 'fromMe'>): Message['replyTo'] {
  return { _id: message._id, text: message.text, msgType: message.msgType, fromMe: message.fromMe };
}

/** The bubble shown the moment the agent presses send, replaced by the acknowledged message. */
export function optimisticMessage(
  chat: Pick<Chat, '_id' | 'channel' | 'identifier'>,
  input: {
    text: string;
    generatedId: string;
    file?: Pick<File, 'type' | 'name'> | null;
    media?: StoredMedia | null;
    replyTo?: Pick<Message, '_id' | 'text' | 'msgType' | 'fromMe'> | null;
  },
  now: Date = new Date(),
): Message {
  const attached = input.file
    ? { type: input.file.type, name: input.file.name }
    : input.media
      ? { type: input.media.mimeType, name: input.media.filename ?? '' }
      : null;
  return {
    _id: `${LOCAL_ID_PREFIX}${input.generatedId}`,
    generatedId: input.generatedId,
    replyTo: input.replyTo ? quoted(input.replyTo) : null,
    chatId: chat._id,
    msgType: attached ? attachmentKind(attached) : 'text',
    text: input.text,
    createdAt: now.toISOString(),
    date: now.toISOString().slice(0, 10),
    timestamp: now.getTime(),
    status: 'queue',
    fromMe: true,
    contacts: [],
    attachmentName: attached?.name || null,
    channel: chat.channel,
    to: chat.identifier,
    username: '',
    isSystem: false,
    mediaUrl: null,
    mimeType: attached?.type || null,
    payload: {},
    providerMessageId: null,
    error: null,
  };
}
