import { LIMITS } from '@sapa/contracts';
import type { ChannelEvent, InboundMessage } from '../../channels/types.js';

/** A provider's clock may run a little ahead of ours; further ahead is not a real send time. */
const CLOCK_SKEW_MS = 5 * 60_000;
/**
 * A profile name becomes the chat's and the contact's name, which btree indexes carry (a row of
 * an index holds at most ~2,700 bytes: a longer random name failed the whole batch). WhatsApp's
 * own names are far shorter.
 */
const NAME_MAX = 256;
/** File names: every file system we know stops at 255 bytes. */
const ATTACHMENT_NAME_MAX = 1_024;

/** The first `max` UTF-16 units of `text`, never ending on half of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * An event as the inbox can store it: a send time ahead of our clock becomes now (a message
 * "from the year 5000" would hold the 24-hour window open and pin its chat on top), and received
 * text longer than LIMITS.inboundTextMax is cut, with its length kept in the payload, so one
 * forged or broken message cannot ride along in every read. Never refused: see webhooks/routes.
 */
export function boundEvent(event: ChannelEvent, now: Date): ChannelEvent {
  const ahead = event.timestamp.getTime() > now.getTime() + CLOCK_SKEW_MS;
  const timestamp = ahead ? now : event.timestamp;
  if (event.kind !== 'message') return ahead ? { ...event, timestamp } : event;
  return boundMessage({ ...event, timestamp });
}

function boundMessage(m: InboundMessage): InboundMessage {
  const cut = m.text.length > LIMITS.inboundTextMax;
  return {
    ...m,
    from: { ...m.from, name: cutText(m.from.name, NAME_MAX) },
    text: cut ? `${cutText(m.text, LIMITS.inboundTextMax)}…` : m.text,
    payload: cut ? { ...m.payload, truncated: { length: m.text.length } } : m.payload,
    attachmentName: m.attachmentName && cutText(m.attachmentName, ATTACHMENT_NAME_MAX),
  };
}
