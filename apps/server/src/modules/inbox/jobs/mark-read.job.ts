import type { Deps } from '../../../deps.js';
import { ProviderError } from '../../../channels/types.js';
import { loadChannel } from '../../channels/index.js';
import { wakeLinkedOutbox } from '../linked/outbox.js';
import { linkedOutboxRepo } from '../linked/repo.js';

/** Tells the provider the customer's messages were read (blue ticks on their phone). */
export async function runMarkReadJob(
  deps: Deps,
  data: { chatId: string; providerMessageId: string },
): Promise<void> {
  const chat = await deps.db
    .selectFrom('chats')
    .select(['channel_id', 'identifier'])
    .where('id', '=', data.chatId)
    .executeTakeFirst();
  if (!chat) return;
  const channel = await loadChannel(deps, chat.channel_id);
  if (!channel?.isEnabled) return;
  // A linked number tells WhatsApp from the process holding its session: handed to its outbox.
  if (channel.provider === 'whatsapp_basic') {
    await linkedOutboxRepo.queueRead(deps.db, {
      chatId: data.chatId,
      channelId: chat.channel_id,
      customer: chat.identifier,
      providerMessageId: data.providerMessageId,
    });
    wakeLinkedOutbox(deps, chat.channel_id);
    return;
  }
  try {
    // Once per chat, whatever the platform marks (one message on WhatsApp, the conversation on
    // Meta's page channels): the port knows which.
    await channel.open.markRead({
      customerId: chat.identifier,
      lastProviderMessageId: data.providerMessageId,
    });
  } catch (err) {
    // A lost read receipt is harmless; retry only transient failures (pg-boss retries a throw).
    if (err instanceof ProviderError && err.retryable) throw err;
    deps.log.warn({ err, chatId: data.chatId }, 'mark as read refused');
  }
}
