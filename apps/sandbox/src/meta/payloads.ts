// Messenger and Instagram webhook payloads as Meta sends them (reference meta-messaging.md §3.1,
// instagram-messenger.md). Pure builders with no imports: the sandbox delivers what they build,
// and Sapa's parser tests may import them (`@sapa/sandbox/meta-payloads`) to get the same shapes.

export type MetaPlatform = 'messenger' | 'instagram';
export type MetaObject = 'page' | 'instagram';

export const OBJECT_OF: Record<MetaPlatform, MetaObject> = {
  messenger: 'page',
  instagram: 'instagram',
};

export interface MetaAttachment {
  type: string;
  payload: Record<string, unknown>;
}

export interface InboundMessage {
  mid: string;
  text?: string;
  attachments?: MetaAttachment[];
  quick_reply?: { payload: string };
  reply_to?: { mid: string } | { story: { url: string; id: string } };
  is_echo?: true;
  app_id?: number;
  metadata?: string;
  is_deleted?: true;
}

/** One item of `entry[].messaging[]` (or `standby[]`). */
export interface MessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  timestamp?: number;
  message?: InboundMessage;
  reaction?: {
    mid: string;
    action: 'react' | 'unreact';
    reaction?: string;
    emoji?: string;
    /** A business's reaction, echoed like its messages: who sent it by app id. */
    is_echo?: true;
    app_id?: number;
  };
  read?: { watermark: number } | { mid: string };
  delivery?: { mids: string[]; watermark: number };
  postback?: { mid: string; title: string; payload: string };
}

export interface MetaWebhook {
  object: MetaObject;
  entry: Array<{
    id: string;
    time: number;
    messaging?: MessagingEvent[];
    standby?: MessagingEvent[];
  }>;
}

/** Who and when: the customer's page-scoped id (PSID / IGSID) and the Page or IG account id. */
export interface EventBase {
  user: string;
  account: string;
  timestamp: number;
}

/**
 * The envelope: one entry for the Page (object `page`) or the Instagram account (object
 * `instagram`). `standby` puts the events where Meta puts them when another app owns the thread.
 */
export function metaWebhook(
  platform: MetaPlatform,
  account: string,
  events: MessagingEvent[],
  options: { time?: number; standby?: boolean } = {},
): MetaWebhook {
  const time = options.time ?? events[0]?.timestamp ?? 0;
  return {
    object: OBJECT_OF[platform],
    entry: [{ id: account, time, [options.standby ? 'standby' : 'messaging']: events }],
  };
}

const fromCustomer = (b: EventBase) => ({
  sender: { id: b.user },
  recipient: { id: b.account },
  timestamp: b.timestamp,
});

/** A customer's message: text, attachments, a quick reply tap, or a reply to another message. */
export function customerMessage(b: EventBase, message: InboundMessage): MessagingEvent {
  return { ...fromCustomer(b), message };
}

export function textMessage(
  b: EventBase,
  mid: string,
  text: string,
  replyToMid?: string,
): MessagingEvent {
  return customerMessage(b, {
    mid,
    text,
    ...(replyToMid ? { reply_to: { mid: replyToMid } } : {}),
  });
}

/** Attachments arrive by URL on Meta's CDN (lookaside), which expires. */
export function attachmentMessage(
  b: EventBase,
  mid: string,
  attachments: MetaAttachment[],
  text?: string,
): MessagingEvent {
  return customerMessage(b, { mid, ...(text ? { text } : {}), attachments });
}

export function urlAttachment(type: string, url: string, extra: Record<string, unknown> = {}) {
  return { type, payload: { url, ...extra } };
}

export function quickReplyMessage(
  b: EventBase,
  mid: string,
  text: string,
  payload: string,
): MessagingEvent {
  return customerMessage(b, { mid, text, quick_reply: { payload } });
}

/** Instagram: the customer answered the business's story. */
export function storyReply(
  b: EventBase,
  mid: string,
  text: string,
  story: { url: string; id: string },
): MessagingEvent {
  return customerMessage(b, { mid, text, reply_to: { story } });
}

/** Instagram: the customer mentioned the business in their own story. */
export function storyMention(b: EventBase, mid: string, url: string): MessagingEvent {
  return customerMessage(b, { mid, attachments: [{ type: 'story_mention', payload: { url } }] });
}

/** Instagram: the customer unsent a message (`is_deleted`). */
export function unsendMessage(b: EventBase, mid: string): MessagingEvent {
  return customerMessage(b, { mid, is_deleted: true });
}

// Meta names the reactions it has a name for; anything else is "other" with the emoji itself.
const REACTION_NAMES: Record<string, string> = {
  '❤️': 'love',
  '❤': 'love',
  '😆': 'smile',
  '😄': 'smile',
  '😮': 'wow',
  '😢': 'sad',
  '😠': 'angry',
  '👍': 'like',
};

export function reactionName(emoji: string): string {
  return REACTION_NAMES[emoji] ?? 'other';
}

export function reactionEvent(b: EventBase, mid: string, emoji: string | null): MessagingEvent {
  return {
    ...fromCustomer(b),
    reaction: emoji
      ? { mid, action: 'react', reaction: reactionName(emoji), emoji }
      : { mid, action: 'unreact' },
  };
}

/**
 * The business reacted to a message, echoed back as its messages are: the sender is the Page /
 * IG account, and `app_id` says which app did it (Meta's inbox app for a person in Meta's apps,
 * Sapa's for its own `sender_action: react`).
 */
export function reactionEchoEvent(
  b: EventBase,
  mid: string,
  emoji: string | null,
  appId: number,
): MessagingEvent {
  return {
    sender: { id: b.account },
    recipient: { id: b.user },
    timestamp: b.timestamp,
    reaction: emoji
      ? { mid, action: 'react', reaction: reactionName(emoji), emoji, is_echo: true, app_id: appId }
      : { mid, action: 'unreact', is_echo: true, app_id: appId },
  };
}

/** A tap on a postback button (button / generic template, persistent menu, ice breaker). */
export function postbackEvent(
  b: EventBase,
  postback: { mid: string; title: string; payload: string },
): MessagingEvent {
  return { ...fromCustomer(b), postback };
}

/**
 * The customer read the business's messages: Messenger says up to when (`watermark`, ms),
 * Instagram names the last message read (`mid`).
 */
export function readEvent(
  platform: MetaPlatform,
  b: EventBase,
  seen: { watermark: number; mid: string },
): MessagingEvent {
  return {
    ...fromCustomer(b),
    read: platform === 'messenger' ? { watermark: seen.watermark } : { mid: seen.mid },
  };
}

/** Messenger only: the business's messages reached the customer's device. Carries no timestamp. */
export function deliveryEvent(
  b: Omit<EventBase, 'timestamp'>,
  mids: string[],
  watermark: number,
): MessagingEvent {
  return {
    sender: { id: b.user },
    recipient: { id: b.account },
    delivery: { mids, watermark },
  };
}

/**
 * A message the business sent, echoed back (`message_echoes`; Instagram includes echoes in
 * `messages`): the sender is the Page / IG account. `app_id` says which app sent it: Sapa's own
 * for its Send API calls, Meta's inbox app for a reply typed in Meta's apps.
 */
export function echoEvent(
  b: EventBase,
  message: {
    mid: string;
    appId: number;
    text?: string;
    attachments?: MetaAttachment[];
    metadata?: string;
  },
): MessagingEvent {
  return {
    sender: { id: b.account },
    recipient: { id: b.user },
    timestamp: b.timestamp,
    message: {
      mid: message.mid,
      is_echo: true,
      app_id: message.appId,
      ...(message.metadata ? { metadata: message.metadata } : {}),
      ...(message.text !== undefined ? { text: message.text } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    },
  };
}
