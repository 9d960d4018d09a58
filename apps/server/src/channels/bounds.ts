import { LIMITS } from '@sapa/contracts';
import type { NeutralEvent, Party } from './port.js';

/** A provider's clock may run a little ahead of ours; further ahead is not a real send time. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/**
 * A profile name becomes the chat's and the contact's name, which btree indexes carry (a row of
 * an index holds at most ~2,700 bytes: a longer random name failed the whole batch). WhatsApp's
 * own names are far shorter.
 */
export const NAME_MAX = 256;
/** File names: every file system we know stops at 255 bytes. */
export const ATTACHMENT_NAME_MAX = 1_024;
/**
 * Provider ids are unique-indexed like names: Meta's are ~100 characters; one past this is not
 * an id and is dropped (cutting it would merge different messages).
 */
export const PROVIDER_ID_MAX = 1_024;
const EMOJI_MAX = 64;

/** The first `max` UTF-16 units of `text`, never ending on half of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

const party = (p: Party): Party =>
  p.name.length > NAME_MAX ? { ...p, name: cutText(p.name, NAME_MAX) } : p;

const idOk = (id: string | null) => id === null || id.length <= PROVIDER_ID_MAX;

/**
 * A neutral event as the inbox can store it, or null when it cannot be (an id past any real
 * one): a send time ahead of our clock becomes now (a message "from the year 5000" would hold
 * the window open and pin its chat on top), received text past LIMITS.inboundTextMax is cut
 * with its length kept in the payload, names and file names are cut to what indexes take.
 * Applying it twice changes nothing. Never a refusal: see webhooks/routes.
 */
export function boundNeutralEvent(event: NeutralEvent, now: Date): NeutralEvent | null {
  const ahead = event.timestamp.getTime() > now.getTime() + CLOCK_SKEW_MS;
  const timestamp = ahead ? now : event.timestamp;
  switch (event.kind) {
    case 'message': {
      if (!idOk(event.providerMessageId) || !idOk(event.replyToProviderId)) return null;
      const cut = event.text.length > LIMITS.inboundTextMax;
      return {
        ...event,
        timestamp,
        customer: party(event.customer),
        text: cut ? `${cutText(event.text, LIMITS.inboundTextMax)}…` : event.text,
        // A second pass sees the cut text: the first length stays.
        payload: cut
          ? { truncated: { length: event.text.length }, ...event.payload }
          : event.payload,
        attachmentName: event.attachmentName && cutText(event.attachmentName, ATTACHMENT_NAME_MAX),
      };
    }
    case 'reaction':
      if (!idOk(event.providerMessageId) || !idOk(event.targetProviderMessageId)) return null;
      return {
        ...event,
        timestamp,
        customer: party(event.customer),
        emoji: event.emoji && cutText(event.emoji, EMOJI_MAX),
        reaction: event.reaction && cutText(event.reaction, EMOJI_MAX),
      };
    case 'receipt': {
      const late = event.watermark && event.watermark.getTime() > now.getTime() + CLOCK_SKEW_MS;
      return {
        ...event,
        timestamp,
        customer: party(event.customer),
        watermark: late ? now : event.watermark,
        providerMessageIds: event.providerMessageIds.filter(idOk),
      };
    }
    case 'unsent':
    case 'status':
      return idOk(event.providerMessageId) ? { ...event, timestamp } : null;
    case 'template.status':
      return { ...event, timestamp };
  }
}
