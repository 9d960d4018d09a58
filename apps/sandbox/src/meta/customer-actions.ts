import { invalidParam } from './errors.js';
import type { Lookaside } from './lookaside.js';
import {
  attachmentMessage,
  postbackEvent,
  quickReplyMessage,
  reactionEvent,
  storyMention,
  storyReply,
  textMessage,
  unsendMessage,
  urlAttachment,
  type EventBase,
  type MessagingEvent,
} from './payloads.js';
import { storyPicture } from './png.js';
import type { AttachmentView, MetaCustomer, MetaMessage, MetaStore } from './store.js';

export type FileKind = 'image' | 'video' | 'audio' | 'file';

/** What a customer does in Messenger / Instagram, already validated by the control API. */
export type CustomerAction =
  | { type: 'text'; text: string; replyTo?: string }
  | { type: 'quick_reply'; text: string; payload: string }
  | { type: 'attachment'; attachments: Array<{ kind: FileKind; assetId: string }> }
  | { type: 'story_reply'; text: string }
  | { type: 'story_mention' }
  | { type: 'reaction'; mid: string; emoji: string | null }
  | { type: 'postback'; title: string; payload: string }
  | { type: 'unsend'; mid: string };

/** The webhook field family an event belongs to (Messenger subscribes to each separately). */
export type EventKind = 'message' | 'postback' | 'reaction' | 'read' | 'delivery' | 'echo';

export interface ActionTools {
  store: MetaStore;
  lookaside: Lookaside;
  /** The id a new message of this action gets. */
  mid: string;
  /** Shows a changed bubble (a reaction, an unsent message) on the customer's phone. */
  publish(message: MetaMessage): void;
}

export interface BuiltAction {
  kind: EventKind;
  event: MessagingEvent;
  /** The new bubble, when the action adds one (reactions and unsending change an old one). */
  message?: MetaMessage;
  targetMid?: string;
}

/**
 * Turns a customer's action into the bubble their app shows and the webhook event Meta sends,
 * with attachments and stories as expiring CDN URLs.
 */
export function buildAction(
  tools: ActionTools,
  customer: MetaCustomer,
  action: CustomerAction,
  base: EventBase,
): BuiltAction {
  const { store, lookaside, mid, publish } = tools;
  const platform = customer.platform;
  const own = (m: Partial<MetaMessage>): MetaMessage => ({
    mid,
    from: 'customer',
    timestamp: base.timestamp,
    status: 'sent',
    ...m,
  });
  const needInstagram = (what: string) => {
    if (platform !== 'instagram') throw invalidParam(`${what} is an Instagram feature`);
  };
  const target = (targetMid: string) => {
    const found = customer.messages.find((m) => m.mid === targetMid);
    if (!found) throw invalidParam(`No message ${targetMid} in this conversation`);
    return found;
  };
  switch (action.type) {
    case 'text':
      if (action.replyTo) target(action.replyTo);
      return {
        kind: 'message',
        message: own({ text: action.text, replyTo: action.replyTo }),
        event: textMessage(base, mid, action.text, action.replyTo),
      };
    case 'quick_reply':
      return {
        kind: 'message',
        message: own({
          text: action.text,
          tapped: { kind: 'quick_reply', title: action.text, payload: action.payload },
        }),
        event: quickReplyMessage(base, mid, action.text, action.payload),
      };
    case 'attachment': {
      const views: AttachmentView[] = [];
      const wire = action.attachments.map(({ kind, assetId }) => {
        const asset = store.getAsset(assetId);
        if (!asset) throw invalidParam(`Unknown upload ${assetId}`);
        views.push({ type: kind, assetId, mimeType: asset.mimeType, filename: asset.filename });
        return urlAttachment(kind, lookaside.url(asset.id, asset.mimeType));
      });
      return {
        kind: 'message',
        message: own({ attachments: views }),
        event: attachmentMessage(base, mid, wire),
      };
    }
    case 'story_reply': {
      needInstagram('Replying to a story');
      const story = store.getInstagramAccount(customer.accountId)?.story;
      if (!story) throw invalidParam('The business has no story to reply to');
      return {
        kind: 'message',
        message: own({
          text: action.text,
          story: { kind: 'reply', id: story.id, assetId: story.assetId },
        }),
        event: storyReply(base, mid, action.text, {
          url: lookaside.url(story.assetId, 'image/png'),
          id: story.id,
        }),
      };
    }
    case 'story_mention': {
      needInstagram('A story mention');
      const picture = store.putAsset({
        bytes: storyPicture(Number(customer.userId.slice(-3))),
        mimeType: 'image/png',
      });
      return {
        kind: 'message',
        message: own({ story: { kind: 'mention', assetId: picture.id } }),
        event: storyMention(base, mid, lookaside.url(picture.id, picture.mimeType)),
      };
    }
    case 'reaction': {
      const reacted = target(action.mid);
      reacted.reactions = { ...reacted.reactions, customer: action.emoji ?? undefined };
      publish(reacted);
      return {
        kind: 'reaction',
        event: reactionEvent(base, action.mid, action.emoji),
        targetMid: action.mid,
      };
    }
    case 'postback':
      return {
        kind: 'postback',
        message: own({
          text: action.title,
          tapped: { kind: 'postback', title: action.title, payload: action.payload },
        }),
        event: postbackEvent(base, { mid, title: action.title, payload: action.payload }),
      };
    case 'unsend': {
      needInstagram('Unsending');
      const gone = target(action.mid);
      if (gone.from !== 'customer') throw invalidParam('Only your own messages can be unsent');
      gone.deleted = true;
      publish(gone);
      return {
        kind: 'message',
        event: unsendMessage(base, action.mid),
        targetMid: action.mid,
      };
    }
  }
}
