import type { ChannelEvent } from '../../channels/types.js';

/** A provider's clock may run a little ahead of ours; further ahead is not a real send time. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * An event as the inbox can store it: a send time ahead of our clock becomes now (a message
 * "from the year 5000" would hold the 24-hour window open and pin its chat on top). Never
 * refused: see webhooks/routes.
 */
export function boundEvent(event: ChannelEvent, now: Date): ChannelEvent {
  const ahead = event.timestamp.getTime() > now.getTime() + CLOCK_SKEW_MS;
  return ahead ? { ...event, timestamp: now } : event;
}
