import { buffer } from 'node:stream/consumers';
import type { FileStorage } from '../lib/storage.js';
import { ProviderError } from './errors.js';
import type { ChannelCapabilities, Choice, OutboundMediaRef, QuickReply } from './port.js';

/**
 * What a provider would refuse anyway, refused before calling it: the caller learns why at once
 * and nothing is spent on a request that cannot succeed.
 */
export function refuse(message: string): ProviderError {
  return new ProviderError(
    { code: null, title: 'Not sendable on this channel', message },
    false,
    null,
    'invalid_request',
  );
}

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function checkText(capabilities: ChannelCapabilities, text: string): void {
  if (!text.trim()) throw refuse('The message is empty');
  const { max, unit } = capabilities.text;
  const length = unit === 'utf8_bytes' ? Buffer.byteLength(text, 'utf8') : text.length;
  if (length > max)
    throw refuse(
      unit === 'utf8_bytes'
        ? `The message is longer than this channel takes (${max} bytes of text)`
        : `The message is longer than this channel takes (${max} characters)`,
    );
}

export function checkMedia(capabilities: ChannelCapabilities, media: OutboundMediaRef): void {
  const limit = capabilities.media.kinds[media.kind];
  if (!limit) throw refuse(`This channel cannot send ${media.kind} files`);
  if (limit.mimeTypes && !limit.mimeTypes.includes(media.mimeType.toLowerCase()))
    throw refuse(`This channel cannot send ${media.mimeType} as ${media.kind}`);
  if (media.sizeBytes > limit.maxBytes)
    throw refuse(`This channel sends ${media.kind} files up to ${size(limit.maxBytes)}`);
}

/** Messenger's rules (Send API reference): at most 13, titles up to 20 characters. */
const QUICK_REPLIES_MAX = 13;
const QUICK_REPLY_TITLE_MAX = 20;
const QUICK_REPLY_PAYLOAD_MAX = 1000;

export function checkQuickReplies(
  capabilities: ChannelCapabilities,
  replies: QuickReply[] | undefined,
): void {
  if (!replies?.length) return;
  if (!capabilities.quickReplies) throw refuse('This channel sends no quick replies');
  if (replies.length > QUICK_REPLIES_MAX)
    throw refuse(`A message takes at most ${QUICK_REPLIES_MAX} quick replies`);
  for (const r of replies) {
    if (!r.title.trim() || r.title.length > QUICK_REPLY_TITLE_MAX)
      throw refuse(`A quick reply's title is 1 to ${QUICK_REPLY_TITLE_MAX} characters`);
    if (!r.payload || r.payload.length > QUICK_REPLY_PAYLOAD_MAX)
      throw refuse(`A quick reply's payload is 1 to ${QUICK_REPLY_PAYLOAD_MAX} characters`);
  }
}

/** Meta's limits on an interactive list's button and a choice's id (meta-messaging.md §2.4). */
const MENU_LABEL_MAX = 20;
const CHOICE_ID_MAX = 200;
/** The shortest text limit of a question with choices: WhatsApp's interactive body. */
const CHOICES_TEXT_MAX = 1024;

export function checkChoices(
  capabilities: ChannelCapabilities,
  message: { text: string; menuLabel: string; choices: Choice[] },
): void {
  const limits = capabilities.choices;
  if (!limits) throw refuse('This channel sends no choices to tap');
  checkText(capabilities, message.text);
  if (message.text.length > CHOICES_TEXT_MAX)
    throw refuse(`A question with choices is at most ${CHOICES_TEXT_MAX} characters`);
  if (!message.menuLabel.trim() || message.menuLabel.length > MENU_LABEL_MAX)
    throw refuse(`The label that opens the choices is 1 to ${MENU_LABEL_MAX} characters`);
  if (message.choices.length === 0 || message.choices.length > limits.max)
    throw refuse(`A message offers 1 to ${limits.max} choices on this channel`);
  const ids = new Set<string>();
  for (const c of message.choices) {
    if (!c.title.trim() || c.title.length > limits.titleMax)
      throw refuse(`A choice's title is 1 to ${limits.titleMax} characters`);
    if (!c.id || c.id.length > CHOICE_ID_MAX)
      throw refuse(`A choice's id is 1 to ${CHOICE_ID_MAX} characters`);
    if (ids.has(c.id)) throw refuse('Two choices have the same id');
    ids.add(c.id);
    if (limits.descriptionMax > 0 && (c.description?.length ?? 0) > limits.descriptionMax)
      throw refuse(`A choice's description is at most ${limits.descriptionMax} characters`);
  }
}

/** The stored file's bytes, for an upload to the provider. */
export async function readStoredMedia(storage: FileStorage, key: string): Promise<Buffer> {
  return buffer(await storage.open(key));
}
