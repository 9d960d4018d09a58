import { sql } from 'kysely';
import { MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import {
  ProviderError,
  type OutgoingMessage,
  type ProviderErrorInfo,
} from '../../../channels/types.js';
import { backoffSeconds } from '../../../jobs/definitions.js';
import { loadChannelCredentials } from '../../channels/credentials.js';
import { applyStatus } from '../ingest.repo.js';
import { loadChatRows } from '../queries.js';
import { templateSendOf } from '../templates/send-payload.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAX_SEND_ATTEMPTS = 8;

/**
 * Sends one queued message through its channel's adapter. Idempotent per message: anything not
 * in `queue` is left alone. Retryable provider errors are rescheduled with jittered backoff;
 * permanent ones mark the message failed and tell the agent why.
 */
export async function runSendMessageJob(
  deps: Deps,
  data: { messageId: string; attempt: number },
): Promise<void> {
  const { db } = deps;
  const msg = await db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('media as md', 'md.id', 'm.media_id')
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
      'c.identifier',
      'md.storage_key',
      'md.mime_type',
      'md.filename',
    ])
    .where('m.id', '=', Number(data.messageId))
    .executeTakeFirst();
  if (!msg || msg.status !== 'queue') return;
  const channel = await loadChannelCredentials(db, deps.secrets, msg.channel_id);
  if (!channel)
    return fail(deps, msg, {
      code: null,
      title: 'Channel removed',
      message: 'The channel of this chat no longer exists',
    });
  const adapter = deps.channels.get(channel.provider);

  try {
    let outgoing: OutgoingMessage;
    const template = templateSendOf(msg.payload);
    if (template) {
      outgoing = { type: 'template', to: msg.identifier, template };
    } else if (msg.storage_key && msg.mime_type) {
      // Upload once; a retry reuses the provider's media id kept on the message.
      let providerMediaId = (msg.payload as { providerMediaId?: string }).providerMediaId;
      if (!providerMediaId) {
        const bytes = await readFile(join(deps.config.mediaDir, msg.storage_key));
        providerMediaId = await adapter.uploadMedia(channel.credentials, {
          bytes,
          mimeType: msg.mime_type,
          filename: msg.filename ?? 'file',
        });
        await db
          .updateTable('messages')
          .set({ payload: sql`payload || ${JSON.stringify({ providerMediaId })}::jsonb` })
          .where('id', '=', msg.id)
          .execute();
      }
      outgoing = {
        type: msg.msg_type as 'image' | 'video' | 'document',
        to: msg.identifier,
        providerMediaId,
        caption: msg.text || undefined,
        filename: msg.attachment_name,
        replyToProviderId: msg.reply_to_provider_id,
      };
    } else {
      outgoing = {
        type: 'text',
        to: msg.identifier,
        text: msg.text,
        replyToProviderId: msg.reply_to_provider_id,
      };
    }
    const { providerMessageId } = await adapter.send(channel.credentials, outgoing);
    await markSent(deps, msg, providerMessageId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.retryable && data.attempt + 1 < MAX_SEND_ATTEMPTS) {
      deps.log.warn(
        { messageId: msg.id, attempt: data.attempt, code: err.info.code },
        'send failed; retrying',
      );
      await deps.jobs.enqueue(
        'message.send',
        { messageId: String(msg.id), attempt: data.attempt + 1 },
        { startAfterSeconds: backoffSeconds(data.attempt + 1) },
      );
      return;
    }
    await fail(deps, msg, err.info);
  }
}

interface SendingMessage {
  id: number;
  account_id: string;
  chat_id: string;
  channel_id: string;
  sender_id: string | null;
}

async function markSent(deps: Deps, msg: SendingMessage, providerMessageId: string): Promise<void> {
  const parked = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('messages')
      .set({ provider_message_id: providerMessageId, status: 'sent' })
      .where('id', '=', msg.id)
      .where('status', '=', 'queue')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return [];
    // Statuses Meta delivered before we knew the wamid (they are not ordered) apply now.
    const pending = await trx
      .deleteFrom('pending_statuses')
      .where('channel_id', '=', msg.channel_id)
      .where('provider_message_id', '=', providerMessageId)
      .returning(['status', 'error'])
      .execute();
    const applied: { status: string; error: unknown }[] = [];
    for (const p of pending) {
      const status = p.status as 'sent' | 'delivered' | 'read' | 'failed';
      const changed = await applyStatus(trx, msg.channel_id, {
        providerMessageId,
        status,
        error: (p.error as ProviderErrorInfo | null) ?? null,
      });
      if (changed) applied.push(p);
    }
    return applied;
  });
  const [chat] = await loadChatRows(deps.db, msg.account_id, [msg.chat_id]);
  if (!chat) return;
  deps.events.publish({ type: 'message.status', chat, messageId: String(msg.id), status: 'sent' });
  for (const p of parked) {
    deps.events.publish({
      type: 'message.status',
      chat,
      messageId: String(msg.id),
      status: p.status as 'delivered' | 'read' | 'failed',
    });
  }
}

async function fail(deps: Deps, msg: SendingMessage, info: ProviderErrorInfo): Promise<void> {
  const windowClosed = info.code === 131047;
  const error = {
    code: info.code,
    title: info.title,
    message: windowClosed ? MESSAGES.windowClosedCode : info.message,
  };
  await deps.db
    .updateTable('messages')
    .set({ status: 'failed', error: JSON.stringify(error) })
    .where('id', '=', msg.id)
    .where('status', 'in', ['queue', 'sent'])
    .execute();
  const [chat] = await loadChatRows(deps.db, msg.account_id, [msg.chat_id]);
  if (!chat) return;
  deps.events.publish({
    type: 'message.status',
    chat,
    messageId: String(msg.id),
    status: 'failed',
    error: { code: info.code, message: error.message },
  });
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
