import { sql } from 'kysely';
import { MESSAGES, messageChoicesOf } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { OutboundMediaKind, OutboundMessage, WindowFacts } from '../../../channels/port.js';
import type { ProviderError, ProviderErrorInfo } from '../../../channels/types.js';
import { WindowClosedError } from '../../../channels/errors.js';
import { ChannelConfigError } from '../../../channels/registry.js';
import { loadChannel, type LoadedChannel } from '../../channels/index.js';
import { loadChatRows } from '../../conversations/index.js';
import { templateSendOf } from '../templates/send-payload.js';
import { markSentMany } from './send-marks.js';

export const MAX_SEND_ATTEMPTS = 8;

const MEDIA_KINDS: ReadonlySet<string> = new Set(['image', 'video', 'audio', 'document']);

/** A permanent refusal marks the message failed, in words the agent can act on. */
export async function failOnRefusal(
  deps: Deps,
  msg: SendingMessage,
  err: ProviderError,
): Promise<void> {
  // A refusal on Meta's page channels already says why (its words are the message); WhatsApp's
  // closed window keeps the words clients match.
  const saysWhy = err instanceof WindowClosedError && err.refusal !== 'templates_only';
  await fail(deps, msg, err.info, err.kind === 'window_closed' && !saysWhy);
}

export type LoadedSending = NonNullable<Awaited<ReturnType<typeof loadSending>>>;

export interface PreparedSend {
  msg: LoadedSending;
  channel: LoadedChannel;
  outgoing: OutboundMessage;
}

function sendingQuery(deps: Deps) {
  return deps.db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('media as md', 'md.id', 'm.media_id')
    .leftJoin('channels as ch', 'ch.id', 'm.channel_id')
    .select([
      'm.id',
      'm.account_id',
      'm.chat_id',
      'm.channel_id',
      'm.status',
      'm.msg_type',
      'm.text',
      'm.payload',
      'm.attachment_name',
      'm.reply_to_provider_id',
      'm.sender_id',
      'm.is_system',
      'c.identifier',
      'c.initiate_at',
      'md.storage_key',
      'md.mime_type',
      'md.filename',
      'md.size_bytes',
      'ch.human_agent_replies',
      'ch.broadcast_rate',
    ]);
}

function loadSending(deps: Deps, messageId: string) {
  return sendingQuery(deps).where('m.id', '=', Number(messageId)).executeTakeFirst();
}

/** Many messages as `loadSending` reads one (the provider drain's batch), in id order. */
export function loadSendingMany(deps: Deps, ids: number[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : sendingQuery(deps).where('m.id', 'in', ids).orderBy('m.id').execute();
}

/**
 * A queued message with its channel and what goes out, or null when there is nothing to send
 * (sent already, or failed here because its channel cannot send).
 */
export async function prepareSend(deps: Deps, messageId: string): Promise<PreparedSend | null> {
  const msg = await loadSending(deps, messageId);
  if (!msg || msg.status !== 'queue') return null;
  const channel = await loadChannel(deps, msg.channel_id).catch((err: unknown) => {
    // A stored config its port refuses cannot send: fail the message rather than retry forever.
    if (err instanceof ChannelConfigError) return 'unusable' as const;
    throw err;
  });
  if (channel === 'unusable') {
    await fail(deps, msg, {
      code: null,
      title: 'Channel not configured',
      message: 'The channel of this chat is not set up to send. Connect it again.',
    });
    return null;
  }
  if (!channel) {
    await fail(deps, msg, {
      code: null,
      title: 'Channel removed',
      message: 'The channel of this chat no longer exists',
    });
    return null;
  }
  return { msg, channel, outgoing: outgoingOf(msg) };
}

/** What the port needs to know of the conversation to apply its reply window. */
export function windowFactsOf(deps: Deps, msg: LoadedSending): WindowFacts {
  return {
    lastInboundAt: msg.initiate_at,
    now: deps.clock.now(),
    author: msg.is_system || !msg.sender_id ? 'automatic' : 'human',
    humanAgentExtension: msg.human_agent_replies ?? false,
  };
}

/** A stored outgoing message as the port sends it (also what a driver re-sends on request). */
export function outgoingOf(
  msg: Pick<
    LoadedSending,
    | 'payload'
    | 'identifier'
    | 'text'
    | 'storage_key'
    | 'mime_type'
    | 'msg_type'
    | 'attachment_name'
    | 'filename'
    | 'size_bytes'
    | 'reply_to_provider_id'
  >,
): OutboundMessage {
  // An upload from an earlier attempt, kept on the message: a retry sends it without uploading.
  const uploaded = (msg.payload as { providerMediaId?: string }).providerMediaId ?? null;
  const template = templateSendOf(msg.payload);
  const choices = messageChoicesOf(msg.payload);
  if (template) return { type: 'template', to: msg.identifier, template };
  if (choices)
    return {
      type: 'choices',
      to: msg.identifier,
      text: msg.text,
      menuLabel: choices.menuLabel,
      choices: choices.items,
    };
  if (msg.storage_key && msg.mime_type && MEDIA_KINDS.has(msg.msg_type))
    return {
      type: 'media',
      to: msg.identifier,
      media: {
        kind: msg.msg_type as OutboundMediaKind,
        storageKey: msg.storage_key,
        mimeType: msg.mime_type,
        filename: msg.attachment_name ?? msg.filename,
        sizeBytes: Number(msg.size_bytes ?? 0),
        providerMediaId: uploaded,
      },
      caption: msg.text || null,
      replyToProviderId: msg.reply_to_provider_id,
    };
  return {
    type: 'text',
    to: msg.identifier,
    text: msg.text,
    replyToProviderId: msg.reply_to_provider_id,
  };
}

/** The provider's id of a file uploaded for this message, kept where retries look for it. */
export async function keepUpload(deps: Deps, messageId: number, uploadedMediaId: string | null) {
  if (!uploadedMediaId) return;
  await deps.db
    .updateTable('messages')
    .set({
      payload: sql`payload || ${JSON.stringify({ providerMediaId: uploadedMediaId })}::jsonb`,
    })
    .where('id', '=', messageId)
    .execute();
}

export interface SendingMessage {
  id: number;
  account_id: string;
  chat_id: string;
  channel_id: string;
  sender_id: string | null;
}

/** One message accepted by its provider: see `markSentMany`. */
export async function markSent(
  deps: Deps,
  msg: SendingMessage,
  providerMessageId: string,
): Promise<void> {
  await markSentMany(deps, [{ msg, providerMessageId }]);
}

export async function fail(
  deps: Deps,
  msg: SendingMessage,
  info: ProviderErrorInfo,
  windowClosed = false,
): Promise<void> {
  const error = {
    code: info.code,
    title: info.title,
    message: windowClosed ? MESSAGES.windowClosedCode : info.message,
  };
  // Recorded with the change (the webhooks' outbox), so a crash after the commit loses none.
  const failed = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('messages')
      .set({ status: 'failed', error: JSON.stringify(error) })
      .where('id', '=', msg.id)
      .where('status', 'in', ['queue', 'sent'])
      .execute();
    const [row] = await loadChatRows(trx, msg.account_id, [msg.chat_id]);
    if (!row) return null;
    const event = {
      type: 'message.status' as const,
      chat: row,
      messageId: String(msg.id),
      status: 'failed' as const,
      error: { code: info.code, message: error.message },
    };
    await deps.events.record(trx, event);
    return event;
  });
  if (!failed) return;
  const { chat } = failed;
  deps.events.publish(failed);
  deps.events.publish({
    type: 'message.error',
    chat,
    userId: msg.sender_id,
    error: {
      chatId: msg.chat_id,
      messageId: String(msg.id),
      message: error.message,
      code: info.code,
    },
  });
}
