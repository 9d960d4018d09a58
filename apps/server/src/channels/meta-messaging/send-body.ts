import type { OutboundMediaKind, QuickReply, SendBasis } from '../port.js';

/**
 * Send API bodies (meta-messaging.md §3.2, instagram-messenger.md §1.3–§1.4). Inside the
 * 24-hour window a reply is `RESPONSE`; after it only a person's reply goes out, tagged
 * `HUMAN_AGENT`. That is the one tag Sapa ever sends: Meta retired CONFIRMED_EVENT_UPDATE,
 * POST_PURCHASE_UPDATE and ACCOUNT_UPDATE (2026-04-27), and others are not for inbox replies.
 */
export const HUMAN_AGENT_TAG = 'HUMAN_AGENT';

export function messagingType(
  basis: SendBasis,
): { messaging_type: 'RESPONSE' } | { messaging_type: 'MESSAGE_TAG'; tag: typeof HUMAN_AGENT_TAG } {
  if (basis === 'window') return { messaging_type: 'RESPONSE' };
  if (basis === 'human_agent_tag') return { messaging_type: 'MESSAGE_TAG', tag: HUMAN_AGENT_TAG };
  // Meta's page channels have a window: replyAllowance never answers these for them.
  throw new Error(`No Send API messaging type for ${basis}`);
}

export function textBody(
  to: string,
  text: string,
  basis: SendBasis,
  quickReplies?: QuickReply[],
): Record<string, unknown> {
  return {
    recipient: { id: to },
    ...messagingType(basis),
    message: {
      text,
      ...(quickReplies?.length
        ? {
            quick_replies: quickReplies.map((q) => ({
              content_type: 'text',
              title: q.title,
              payload: q.payload,
            })),
          }
        : {}),
    },
  };
}

/** Meta's word for each kind of file: a document is a `file`. */
export const ATTACHMENT_TYPE: Record<OutboundMediaKind, 'image' | 'video' | 'audio' | 'file'> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'file',
};

/** A file by a URL Meta downloads, or by an id from the Attachment Upload API. */
export type AttachmentSource = { url: string } | { attachmentId: string };

export function attachmentMessageBody(
  to: string,
  kind: OutboundMediaKind,
  source: AttachmentSource,
  basis: SendBasis,
): Record<string, unknown> {
  return {
    recipient: { id: to },
    ...messagingType(basis),
    message: {
      attachment: {
        type: ATTACHMENT_TYPE[kind],
        payload:
          'url' in source
            ? { url: source.url, is_reusable: true }
            : { attachment_id: source.attachmentId },
      },
    },
  };
}

/** Marks the conversation seen: only the recipient and the action (sender actions reference). */
export function markSeenBody(to: string): Record<string, unknown> {
  return { recipient: { id: to }, sender_action: 'mark_seen' };
}

/**
 * `POST /{page-id}/message_attachments` as multipart: the message part as JSON text, the bytes
 * as `filedata` (Attachment Upload API). Instagram's uploads also say `platform=instagram`.
 */
export function uploadForm(
  kind: OutboundMediaKind,
  file: { bytes: Buffer; mimeType: string; filename: string },
  platform: 'messenger' | 'instagram',
): FormData {
  const form = new FormData();
  if (platform === 'instagram') form.set('platform', 'instagram');
  form.set(
    'message',
    JSON.stringify({ attachment: { type: ATTACHMENT_TYPE[kind], payload: { is_reusable: true } } }),
  );
  form.set(
    'filedata',
    new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }),
    file.filename,
  );
  return form;
}
