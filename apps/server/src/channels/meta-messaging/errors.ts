import { codeTable, type GraphCodeTable } from '../errors.js';
import type { ProviderErrorKind } from '../errors.js';

type Entry = readonly [number | readonly [number, number], ProviderErrorKind];

/**
 * Send API codes Messenger and Instagram share (meta-messaging.md §3.6, instagram-messenger.md
 * §1.3) on top of the Graph ones: 551 person unavailable, 100/2018001 no matching user, 32 page
 * request limit, 10/1893063 page restricted from sending.
 */
const SHARED: Entry[] = [
  [551, 'recipient_invalid'],
  [[100, 2018001], 'recipient_invalid'],
  [32, 'rate_limited'],
  [[10, 1893063], 'permission_denied'],
];

/** Messenger: 10/2018278 is "sent outside of allowed window". */
export const MESSENGER_CODES: GraphCodeTable = codeTable([
  ...SHARED,
  [[10, 2018278], 'window_closed'],
]);

/** Instagram: 10/2534022 is its "outside of allowed window". */
export const INSTAGRAM_CODES: GraphCodeTable = codeTable([
  ...SHARED,
  [[10, 2534022], 'window_closed'],
]);
