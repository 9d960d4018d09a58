import type { SandboxContext } from '../context.js';
import { GraphError } from '../graph/errors.js';
import { toGraphError } from '../graph/send-schema.js';
import type { UploadedFile } from '../graph/routes.js';
import {
  attachmentTooLarge,
  fetchFailed,
  invalidParam,
  noMatchingUser,
  outsideWindow,
  paramRequired,
  RETIRED_TAGS,
  retiredTag,
  unknownTag,
  userUnavailable,
} from './errors.js';
import type { MetaPlatform } from './payloads.js';
import { metaSendSchema, type MetaSendBody, type SendMessage } from './send-schema.js';
import type { AttachmentView, MetaCustomer, Page } from './store.js';

const HOUR = 60 * 60 * 1000;
export const RESPONSE_WINDOW_MS = 24 * HOUR;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR;

// Attachments fetched from a URL (reference instagram-messenger.md §1.4).
const URL_LIMITS: Record<string, number> = { image: 8 * 1024 * 1024 };
const DEFAULT_URL_LIMIT = 25 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;

// Instagram names one reaction for the business; Messenger's names cover the rest.
const REACTIONS: Record<string, string> = {
  love: '❤️',
  like: '👍',
  smile: '😆',
  wow: '😮',
  sad: '😢',
  angry: '😠',
};

function findRecipient(
  ctx: SandboxContext,
  page: Page,
  only: MetaPlatform | undefined,
  userId: string,
): MetaCustomer | undefined {
  const { store } = ctx.meta;
  const messenger = only !== 'instagram' ? store.findCustomer(page.pageId, userId) : undefined;
  const ig = page.instagramAccountId;
  const instagram = only !== 'messenger' && ig ? store.findCustomer(ig, userId) : undefined;
  return messenger ?? instagram;
}

function ago(ms: number): string {
  if (ms < 2 * HOUR) return `${Math.max(1, Math.round(ms / 60_000))} minutes`;
  if (ms < 48 * HOUR) return `${Math.round(ms / HOUR)} hours`;
  return `${Math.round(ms / (24 * HOUR))} days`;
}

/** Meta's reply windows: 24 h after the customer's last message, HUMAN_AGENT up to 7 days. */
function checkWindow(ctx: SandboxContext, customer: MetaCustomer, body: MetaSendBody): void {
  const tagged = body.messaging_type === 'MESSAGE_TAG';
  const limit = tagged ? HUMAN_AGENT_WINDOW_MS : RESPONSE_WINDOW_MS;
  const last = customer.lastInboundAt;
  const age = last === null ? Infinity : ctx.clock.now() - last;
  if (age <= limit) return;
  const since = last === null ? 'has never written' : `last wrote ${ago(age)} ago`;
  const rule = tagged
    ? 'a HUMAN_AGENT reply may be sent up to 7 days after that'
    : 'RESPONSE and UPDATE messages may be sent up to 24 hours after that (HUMAN_AGENT: 7 days)';
  throw outsideWindow(customer.platform, `The person ${since}; ${rule}.`);
}

function checkTag(body: MetaSendBody): void {
  if (body.messaging_type !== 'MESSAGE_TAG') return;
  if (!body.tag) throw paramRequired('tag');
  if (RETIRED_TAGS.includes(body.tag)) throw retiredTag(body.tag);
  if (body.tag !== 'HUMAN_AGENT') throw unknownTag(body.tag);
}

function checkText(platform: MetaPlatform, text: string | undefined): void {
  if (text === undefined) return;
  // Messenger counts characters (under 2000); Instagram counts UTF-8 bytes (at most 1000).
  const [size, limit] =
    platform === 'messenger' ? [[...text].length, 2000] : [Buffer.byteLength(text, 'utf8'), 1000];
  if (size > limit)
    throw invalidParam(`Length of param message[text] must be less than or equal to ${limit}`);
}

async function fetchAttachment(url: string, type: string) {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw fetchFailed(url);
  }
  if (!res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    throw fetchFailed(url);
  }
  const limit = URL_LIMITS[type] ?? DEFAULT_URL_LIMIT;
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limit) throw attachmentTooLarge(limit);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > limit) throw attachmentTooLarge(limit);
  const mimeType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim();
  const filename = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || undefined;
  return { bytes, mimeType: mimeType || 'application/octet-stream', filename };
}

/** A file attachment's bytes: the uploaded `filedata`, a saved attachment_id, or its URL. */
export async function resolveFile(
  ctx: SandboxContext,
  page: Page,
  type: string,
  payload: { url?: string; attachment_id?: string },
  upload: UploadedFile | null,
): Promise<AttachmentView> {
  const { store } = ctx.meta;
  if (payload.attachment_id) {
    const saved = store.getUpload(payload.attachment_id);
    if (!saved || saved.pageId !== page.pageId)
      throw invalidParam(`Invalid attachment_id ${payload.attachment_id}`);
    const asset = store.getAsset(saved.assetId);
    if (!asset) throw invalidParam(`Invalid attachment_id ${payload.attachment_id}`);
    return { type, assetId: asset.id, mimeType: asset.mimeType, filename: asset.filename };
  }
  const file = upload
    ? { bytes: upload.bytes, mimeType: upload.mimeType, filename: upload.filename }
    : payload.url
      ? await fetchAttachment(payload.url, type)
      : undefined;
  if (!file) throw paramRequired('message[attachment][payload][url]');
  if (type === 'audio' && !file.mimeType.startsWith('audio/'))
    throw invalidParam('Audio attachments need an audio/* Content-Type');
  const asset = store.putAsset(file);
  return { type, assetId: asset.id, mimeType: asset.mimeType, filename: asset.filename };
}

async function attachmentOf(
  ctx: SandboxContext,
  page: Page,
  message: SendMessage,
  upload: UploadedFile | null,
): Promise<AttachmentView | undefined> {
  const attachment = message.attachment;
  if (!attachment) return undefined;
  if (attachment.type === 'template') return { type: 'template', payload: attachment.payload };
  return resolveFile(ctx, page, attachment.type, attachment.payload, upload);
}

function senderAction(ctx: SandboxContext, customer: MetaCustomer, body: MetaSendBody): void {
  const { engine } = ctx.meta;
  switch (body.sender_action) {
    case 'mark_seen':
      return engine.businessMarksSeen(customer);
    case 'typing_on':
    case 'typing_off':
      return engine.typing(customer, body.sender_action === 'typing_on');
    case 'react':
    case 'unreact': {
      if (!body.payload) throw paramRequired('payload');
      const emoji =
        body.sender_action === 'react' ? REACTIONS[body.payload.reaction ?? 'love'] : null;
      if (emoji === undefined) throw invalidParam(`Invalid reaction ${body.payload.reaction}`);
      if (!engine.businessReacts(customer, body.payload.message_id, emoji))
        throw invalidParam(`Invalid message_id ${body.payload.message_id}`);
    }
  }
}

/**
 * `POST /{page-id | ig-id | me}/messages`: checks the body, the recipient, the tag and Meta's
 * windows; accepted messages reach the customer's phone. Every call is logged for tests, with
 * its messaging_type and tag, whether it was accepted or refused.
 */
export async function sendMessage(
  ctx: SandboxContext,
  page: Page,
  only: MetaPlatform | undefined,
  raw: Record<string, unknown>,
  upload: UploadedFile | null,
): Promise<{ recipient_id: string; message_id?: string }> {
  const parsed = metaSendSchema.safeParse(raw);
  const body = parsed.success ? parsed.data : undefined;
  const recipientId = body?.recipient.id ?? String((raw.recipient as { id?: unknown })?.id ?? '');
  const customer = body ? findRecipient(ctx, page, only, recipientId) : undefined;
  const record = {
    pageId: page.pageId,
    platform: customer?.platform ?? only ?? 'messenger',
    accountId:
      customer?.accountId ??
      (only === 'instagram' ? page.instagramAccountId : undefined) ??
      page.pageId,
    recipientId,
    messagingType: typeof raw.messaging_type === 'string' ? raw.messaging_type : undefined,
    tag: typeof raw.tag === 'string' ? raw.tag : undefined,
    senderAction: typeof raw.sender_action === 'string' ? raw.sender_action : undefined,
    message: raw.message,
  };
  try {
    if (!body) throw toGraphError(parsed.error!);
    if (!customer) throw noMatchingUser();
    if (!customer.available) throw userUnavailable();
    if (body.sender_action) {
      senderAction(ctx, customer, body);
      ctx.meta.store.recordSent({ ...record, accepted: true });
      return { recipient_id: customer.userId };
    }
    const message = body.message!;
    if (!body.messaging_type) throw paramRequired('messaging_type');
    checkTag(body);
    checkText(customer.platform, message.text);
    if (
      customer.platform === 'instagram' &&
      message.quick_replies?.some((q) => q.content_type !== 'text')
    )
      throw invalidParam('Instagram quick replies must have content_type text');
    if (body.reply_to && !customer.messages.some((m) => m.mid === body.reply_to!.mid))
      throw invalidParam(`Invalid reply_to mid ${body.reply_to.mid}`);
    checkWindow(ctx, customer, body);
    const attachment = await attachmentOf(ctx, page, message, upload);
    const sent = ctx.meta.engine.businessSends(customer, {
      ...(message.text ? { text: message.text } : {}),
      ...(attachment ? { attachments: [attachment] } : {}),
      ...(message.quick_replies
        ? {
            quickReplies: message.quick_replies.map((q) => ({
              content_type: q.content_type,
              title: q.title,
              payload: q.payload === undefined ? undefined : String(q.payload),
            })),
          }
        : {}),
      replyTo: body.reply_to?.mid,
      messagingType: body.messaging_type,
      tag: body.tag,
      metadata: message.metadata,
    });
    ctx.meta.store.recordSent({ ...record, mid: sent.mid, accepted: true });
    return { recipient_id: customer.userId, message_id: sent.mid };
  } catch (err) {
    if (err instanceof GraphError) {
      ctx.meta.store.recordSent({
        ...record,
        accepted: false,
        error: { code: err.code, subcode: err.options.subcode, message: err.message },
      });
    }
    throw err;
  }
}
