import { LIMITS } from '@sapa/contracts';
import type { InboxEvent, InboundMessage } from './inbound.js';
import { ATTACHMENT_NAME_MAX, CLOCK_SKEW_MS, cutText, NAME_MAX } from '../../channels/bounds.js';

export { cutText };

/**
 * An event as the inbox can store it: a send time ahead of our clock becomes now (a message
 * "from the year 5000" would hold the 24-hour window open and pin its chat on top), and received
 * text longer than LIMITS.inboundTextMax is cut, with its length kept in the payload, so one
 * forged or broken message cannot ride along in every read. Never refused: see webhooks/routes.
 */
export function boundEvent(event: InboxEvent, now: Date): InboxEvent {
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
    // The channels' own bound may have cut it already: its length (the first) stays.
    payload: cut ? { truncated: { length: m.text.length }, ...m.payload } : m.payload,
    attachmentName: m.attachmentName && cutText(m.attachmentName, ATTACHMENT_NAME_MAX),
  };
}
