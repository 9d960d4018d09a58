import { GraphError } from '../graph/errors.js';
import type { MetaPlatform } from './payloads.js';

// Messenger / Instagram Send API and Graph errors, with Meta's codes and wording (reference
// meta-messaging.md §3.6 and §4, instagram-messenger.md §1.3 and §1.6).

/** Outside the 24-hour window (or past HUMAN_AGENT's 7 days): 10 / 2018278, Instagram 2534022. */
export const outsideWindow = (platform: MetaPlatform, detail: string) =>
  new GraphError(400, 10, '(#10) This message is sent outside of allowed window.', {
    subcode: platform === 'messenger' ? 2018278 : 2534022,
    userTitle: 'Message not sent',
    userMessage: detail,
  });

export const userUnavailable = () =>
  new GraphError(400, 551, "(#551) This person isn't available right now.", {
    subcode: 1545041,
  });

export const noMatchingUser = () =>
  new GraphError(400, 100, '(#100) No matching user found', { subcode: 2018001 });

/** Tags Meta retired on 2026-04-27: a reply tagged with one fails as an invalid parameter. */
export const RETIRED_TAGS = ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE'];

export const retiredTag = (tag: string) =>
  new GraphError(400, 100, '(#100) Invalid parameter', {
    userTitle: 'Message tag no longer supported',
    userMessage: `The message tag ${tag} was retired; only HUMAN_AGENT may be used.`,
  });

export const unknownTag = (tag: string) =>
  new GraphError(400, 100, `(#100) Param tag must be one of {HUMAN_AGENT} - got "${tag}"`);

export const paramRequired = (name: string) =>
  new GraphError(400, 100, `(#100) The parameter ${name} is required`);

export const invalidParam = (message: string) => new GraphError(400, 100, `(#100) ${message}`);

/** A token that worked once and was revoked, or rotated away (the admin must reconnect). */
export const sessionInvalidated = () =>
  new GraphError(
    401,
    190,
    'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    { subcode: 460 },
  );

export const badAppsecretProof = () =>
  new GraphError(400, 100, 'Invalid appsecret_proof provided in the API argument');

/** Profile of a person who never messaged the business (Instagram 230, Messenger 2018218). */
export const noConsent = (platform: MetaPlatform) =>
  platform === 'instagram'
    ? new GraphError(400, 230, '(#230) User consent is required to access user profile')
    : new GraphError(400, 100, '(#100) No profile available for this user.', {
        subcode: 2018218,
      });

export const nonexistingField = (field: string, nodeType: string) =>
  new GraphError(
    400,
    100,
    `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
  );

export const fetchFailed = (url: string) =>
  new GraphError(400, 100, '(#100) Failed to fetch the file from the url', {
    subcode: 2018008,
    userMessage: `Could not download ${url}`,
  });

export const attachmentTooLarge = (limit: number) =>
  new GraphError(400, 100, '(#100) Attachment size exceeds allowable limit', {
    userMessage: `Attachments fetched from a URL may be at most ${limit} bytes.`,
  });
