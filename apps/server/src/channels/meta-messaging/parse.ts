import type { IgnoredItem, MessageEvent, NeutralEvent, NeutralWebhook, Party } from '../port.js';
import { arr, fromMillis, millisOrNull, nonEmpty, obj, str, type Obj } from '../parse-helpers.js';
import { attachmentBody } from './attachments.js';

/** Webhook items that are not conversation events Sapa keeps (handover, opt-ins, …). */
const OTHER_EVENTS = [
  'optin',
  'referral',
  'account_linking',
  'pass_thread_control',
  'take_thread_control',
  'request_thread_control',
  'app_roles',
  'policy_enforcement',
  'messaging_feedback',
  'game_play',
] as const;

interface Context {
  /** The page or Instagram account the entry is for (entry.id): the channel's external id. */
  businessId: string;
  standby: boolean;
  receivedAt: Date;
}

/**
 * A Messenger (`object: "page"`) or Instagram (`object: "instagram"`) webhook → neutral events
 * (meta-messaging.md §1, §3.1; instagram-messenger.md §1.7). Every `entry[].messaging[]` item
 * and, when another app holds the thread, every `entry[].standby[]` item. The customer is
 * whoever is not the business: the sender, or the recipient of an echo. Tolerant like the
 * WhatsApp parser: what it cannot read is listed in `ignored`, never thrown.
 */
export function parseMessagingWebhook(body: unknown, receivedAt: Date): NeutralWebhook {
  const events: NeutralEvent[] = [];
  const ignored: IgnoredItem[] = [];
  for (const rawEntry of arr(obj(body).entry)) {
    const entry = obj(rawEntry);
    const businessId = nonEmpty(entry.id);
    if (!businessId) {
      ignored.push({ channelExternalId: null, reason: 'entry without id' });
      continue;
    }
    for (const [items, standby] of [
      [arr(entry.messaging), false],
      [arr(entry.standby), true],
    ] as const) {
      for (const item of items) {
        const parsed = parseItem(obj(item), { businessId, standby, receivedAt });
        if (typeof parsed === 'string')
          ignored.push({ channelExternalId: businessId, reason: parsed });
        else events.push(...parsed);
      }
    }
    // Page-style `changes[]` (comments, feed, the dashboard's test payloads) are not messages.
    for (const change of arr(entry.changes))
      ignored.push({
        channelExternalId: businessId,
        reason: `field ${str(obj(change).field) ?? 'missing'}`,
      });
  }
  return { events, ignored };
}

/** The item's events, or why it was ignored. */
function parseItem(item: Obj, ctx: Context): NeutralEvent[] | string {
  const senderId = nonEmpty(obj(item.sender).id);
  const recipientId = nonEmpty(obj(item.recipient).id);
  const message = item.message === undefined ? null : obj(item.message);
  // A business's reaction comes back as an echo too (`reaction.is_echo`, with its app id).
  const reactionEcho = item.reaction !== undefined && obj(item.reaction).is_echo === true;
  const fromBusiness = message?.is_echo === true || reactionEcho || senderId === ctx.businessId;
  const customerId = fromBusiness ? recipientId : senderId;
  if (!customerId) return 'item without a customer id';
  const customer: Party = { identifier: customerId, name: '', phone: null };
  const base = {
    channelExternalId: ctx.businessId,
    timestamp: fromMillis(item.timestamp, ctx.receivedAt),
  };
  const direction = fromBusiness ? ('outgoing' as const) : ('incoming' as const);

  if (message) return messageEvents(message, { ...base, customer, direction }, ctx);
  if (item.reaction !== undefined) {
    const r = obj(item.reaction);
    const target = nonEmpty(r.mid);
    if (!target) return 'reaction without mid';
    return [
      {
        kind: 'reaction',
        ...base,
        direction,
        customer,
        providerMessageId: null,
        targetProviderMessageId: target,
        action: r.action === 'unreact' ? 'unreact' : 'react',
        emoji: nonEmpty(r.emoji),
        reaction: nonEmpty(r.reaction),
        appId: direction === 'outgoing' ? nonEmpty(r.app_id) : null,
      },
    ];
  }
  if (item.read !== undefined || item.delivery !== undefined) {
    const receipt = item.read !== undefined ? ('read' as const) : ('delivered' as const);
    const r = obj(receipt === 'read' ? item.read : item.delivery);
    // Messenger: a watermark (and delivery mids); Instagram: the mid that was read.
    const mids = [...arr(r.mids), r.mid].map(nonEmpty).filter((m): m is string => m !== null);
    const watermark = millisOrNull(r.watermark);
    if (!watermark && mids.length === 0) return `${receipt} without watermark or mid`;
    return [{ kind: 'receipt', ...base, customer, receipt, watermark, providerMessageIds: mids }];
  }
  if (item.postback !== undefined) {
    const p = obj(item.postback);
    const title = str(p.title) ?? '';
    const payload = str(p.payload);
    return [
      {
        kind: 'message',
        ...base,
        direction,
        origin: fromBusiness ? 'echo' : 'customer',
        appId: null,
        customer,
        // Older postbacks carry no mid: one made of who and when stays the same on redelivery.
        providerMessageId: nonEmpty(p.mid) ?? `postback:${customerId}:${base.timestamp.getTime()}`,
        msgType: 'button',
        text: title,
        payload: {
          reply: { id: payload, title },
          postback: true,
          ...(p.referral !== undefined ? { referral: p.referral } : {}),
          ...(ctx.standby ? { standby: true } : {}),
        },
        attachmentName: null,
        media: null,
        replyToProviderId: null,
      },
    ];
  }
  const other = OTHER_EVENTS.find((k) => item[k] !== undefined);
  return other ? `event ${other}` : 'unknown messaging item';
}

type MessageBase = Pick<MessageEvent, 'channelExternalId' | 'timestamp' | 'customer' | 'direction'>;

function messageEvents(m: Obj, base: MessageBase, ctx: Context): NeutralEvent[] | string {
  const mid = nonEmpty(m.mid);
  if (!mid) return 'message without mid';
  if (m.is_deleted === true)
    return [{ kind: 'unsent', ...pick(base), customer: base.customer, providerMessageId: mid }];

  const text = str(m.text) ?? '';
  const replyTo = obj(m.reply_to);
  const story = obj(replyTo.story);
  const storyUrl = nonEmpty(story.url);
  const quick = m.quick_reply === undefined ? null : obj(m.quick_reply);
  const payload: Record<string, unknown> = {};
  if (ctx.standby) payload.standby = true;
  if (m.referral !== undefined) payload.referral = m.referral;
  if (base.direction === 'outgoing' && m.metadata !== undefined) payload.metadata = m.metadata;
  if (storyUrl || nonEmpty(story.id))
    payload.story = { type: 'reply', id: nonEmpty(story.id), url: storyUrl };

  const event = (over: Partial<MessageEvent>): MessageEvent => ({
    kind: 'message',
    ...base,
    origin: base.direction === 'outgoing' ? 'echo' : 'customer',
    appId: str(m.app_id),
    providerMessageId: mid,
    msgType: 'text',
    text,
    payload,
    attachmentName: null,
    // A story reply keeps the story it answers: its link expires within a day.
    media: storyUrl
      ? { source: 'url', url: storyUrl, expiresAt: null, mimeType: null, filename: null }
      : null,
    replyToProviderId: nonEmpty(replyTo.mid),
    ...over,
  });

  const attachments = arr(m.attachments).map(obj);
  if (attachments.length === 0) {
    if (quick)
      return [
        event({
          msgType: 'button',
          payload: { ...payload, reply: { id: str(quick.payload), title: text } },
        }),
      ];
    if (m.is_unsupported === true && !text)
      return [
        event({
          msgType: 'information',
          text: 'The customer sent a message type this app does not receive',
          payload: { ...payload, unsupported: true },
        }),
      ];
    return [event({})];
  }
  // One event per attachment (the inbox keeps one file per message): the first keeps the mid,
  // so replies and reactions find it; the others are told apart by their place.
  return attachments.map((a, i) => {
    const body = attachmentBody(a);
    return event({
      providerMessageId: i === 0 ? mid : `${mid}#${i + 1}`,
      msgType: body.msgType,
      text: i === 0 && text ? text : body.text,
      payload: { ...payload, ...body.payload },
      attachmentName: body.attachmentName,
      media: body.media,
    });
  });
}

const pick = (b: MessageBase) => ({
  channelExternalId: b.channelExternalId,
  timestamp: b.timestamp,
});
