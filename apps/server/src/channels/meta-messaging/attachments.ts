import type { MessageType } from '@sapa/contracts';
import type { InboundMediaRef } from '../port.js';
import { nonEmpty, obj, str, type Obj } from '../parse-helpers.js';

export interface AttachmentBody {
  msgType: MessageType;
  text: string;
  payload: Record<string, unknown>;
  attachmentName: string | null;
  media: InboundMediaRef | null;
}

/**
 * When a Meta CDN link stops working, where it says: its `oe` parameter is the expiry as hex
 * Unix seconds [U: seen on fbcdn/lookaside links, undocumented]. Null when absent or odd, and
 * the link is then fetched as soon as possible anyway.
 */
export function cdnExpiry(url: string): Date | null {
  let oe: string | null;
  try {
    oe = new URL(url).searchParams.get('oe');
  } catch {
    return null;
  }
  if (!oe || !/^[0-9a-f]{6,10}$/i.test(oe)) return null;
  const seconds = parseInt(oe, 16);
  return seconds > 0 ? new Date(seconds * 1000) : null;
}

/** The last path segment of a link, when it decodes and looks like a file name. */
export function fileNameOf(url: string): string | null {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return /\.[a-z0-9]{1,8}$/i.test(last) ? last : null;
  } catch {
    return null;
  }
}

const byUrl = (url: string, filename: string | null = null): InboundMediaRef => ({
  source: 'url',
  url,
  expiresAt: cdnExpiry(url),
  mimeType: null,
  filename,
});

const mediaBody = (
  msgType: MessageType,
  kind: string,
  url: string | null,
  extra: Record<string, unknown> = {},
  filename: string | null = null,
): AttachmentBody => ({
  msgType,
  text: '',
  payload: { mediaKind: kind, ...extra },
  attachmentName: filename,
  media: url ? byUrl(url, filename) : null,
});

const information = (text: string, payload: Record<string, unknown>): AttachmentBody => ({
  msgType: 'information',
  text,
  payload,
  attachmentName: null,
  media: null,
});

/**
 * One `message.attachments[]` item of Messenger or Instagram (meta-messaging.md §3.1,
 * instagram-messenger.md §1.3–§1.4) as the inbox shows it. Files come by URL on Meta's CDN,
 * which expires: the reference is kept for the inbox to fetch into storage.
 */
export function attachmentBody(a: Obj): AttachmentBody {
  const type = str(a.type) ?? 'unknown';
  const p = obj(a.payload);
  const url = nonEmpty(p.url);
  switch (type) {
    case 'image':
      // Before June 2026 a sticker came as an image with a sticker_id (Messenger changelog).
      return p.sticker_id !== undefined
        ? mediaBody('image', 'sticker', url, { sticker: true, stickerId: str(p.sticker_id) })
        : mediaBody('image', 'image', url);
    case 'sticker':
      return mediaBody('image', 'sticker', url, { sticker: true, stickerId: str(p.sticker_id) });
    case 'video':
    case 'audio':
      return mediaBody(type, type, url);
    case 'file':
      return mediaBody('document', 'file', url, {}, url ? fileNameOf(url) : null);
    case 'story_mention':
      // A story is a picture or a video: its bytes' type is known once fetched.
      return mediaBody('image', 'story_mention', url, { story: { type: 'mention', url } });
    case 'share':
    case 'reel':
    case 'ig_reel': {
      const title = nonEmpty(p.title);
      return information(type === 'share' ? 'Shared a post' : 'Shared a reel', {
        share: { type, url, title, reelVideoId: str(p.reel_video_id) },
      });
    }
    case 'fallback': {
      const link = nonEmpty(a.URL) ?? nonEmpty(a.url) ?? url;
      const title = nonEmpty(a.title);
      return information(title ?? link ?? 'Shared a link', { share: { type, url: link, title } });
    }
    case 'location': {
      const c = obj(p.coordinates);
      const latitude = Number(c.lat);
      const longitude = Number(c.long);
      const name = nonEmpty(a.title);
      return {
        msgType: 'location',
        text: name ?? `${latitude}, ${longitude}`,
        payload: { location: { latitude, longitude, name, address: null, url: nonEmpty(a.url) } },
        attachmentName: null,
        media: null,
      };
    }
    case 'template':
      return information('Sent a structured message', { template: p });
    default:
      return information(`The customer sent an attachment this app does not show (${type})`, {
        unsupported: { type },
      });
  }
}
