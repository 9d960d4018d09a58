import type { Deps } from '../../deps.js';
import type { ChannelEvent, InboundMessage, StatusUpdate } from '../../channels/types.js';
import type { ProviderType } from '../../db/schema-messaging.js';
import type { DomainEvent } from '../../events/bus.js';
import { applyStatus, ensureChat, insertInbound, type IngestChannel } from './ingest.repo.js';
import { loadChatRows, loadMessageRows } from './queries.js';

export interface IngestResult {
  stored: number;
  duplicates: number;
  statuses: number;
  unknownChannels: string[];
}

/**
 * Stores a webhook's events in one transaction, then announces what changed. The caller answers
 * 200 only after this resolves; an error means 5xx and the provider redelivers, which is safe
 * because every write is idempotent.
 */
export async function ingestEvents(
  deps: Deps,
  provider: ProviderType,
  events: ChannelEvent[],
): Promise<IngestResult> {
  const result: IngestResult = { stored: 0, duplicates: 0, statuses: 0, unknownChannels: [] };
  if (events.length === 0) return result;
  const externalIds = [...new Set(events.map((e) => e.channelExternalId))];
  const channels = await deps.db
    .selectFrom('channels')
    .select(['id', 'account_id', 'channel', 'external_id'])
    .where('provider', '=', provider)
    .where('external_id', 'in', externalIds)
    .execute();
  const byExternal = new Map(channels.map((c) => [c.external_id, c]));
  result.unknownChannels = externalIds.filter((id) => !byExternal.has(id));

  const created: { accountId: string; chatId: string; messageId: string; media: boolean }[] = [];
  const moved: {
    accountId: string;
    chatId: string;
    messageId: string;
    status: StatusUpdate['status'];
    error: StatusUpdate['error'];
  }[] = [];

  // Same chat's messages in provider order, so the chat's last message is the newest.
  const ordered = [...events].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  await deps.db.transaction().execute(async (trx) => {
    for (const event of ordered) {
      const ch = byExternal.get(event.channelExternalId);
      if (!ch) continue;
      if (event.kind === 'message') {
        const messageId = await storeMessage(trx, ch, event);
        if (messageId) {
          result.stored++;
          created.push({
            accountId: ch.account_id,
            chatId: messageId.chatId,
            messageId: messageId.id,
            media: Boolean(event.media),
          });
          if (event.media)
            await deps.jobs.enqueue(
              'media.fetch',
              { messageId: messageId.id, attempt: 0 },
              {},
              trx,
            );
        } else result.duplicates++;
      } else {
        const changed = await applyStatus(trx, ch.id, event);
        result.statuses++;
        if (changed)
          moved.push({
            accountId: changed.account_id,
            chatId: changed.chat_id,
            messageId: changed.id,
            status: event.status,
            error: event.error,
          });
      }
    }
  });
  await announce(deps, created, moved);
  return result;
}

async function storeMessage(
  trx: Parameters<typeof ensureChat>[0],
  ch: IngestChannel,
  m: InboundMessage,
) {
  const chatId = await ensureChat(trx, ch, m.from);
  const id = await insertInbound(trx, ch, chatId, m);
  return id ? { id, chatId } : null;
}

async function announce(
  deps: Deps,
  created: { accountId: string; chatId: string; messageId: string }[],
  moved: {
    accountId: string;
    chatId: string;
    messageId: string;
    status: StatusUpdate['status'];
    error: StatusUpdate['error'];
  }[],
): Promise<void> {
  const byAccount = new Map<string, { chats: Set<string>; messages: string[] }>();
  for (const x of [...created, ...moved]) {
    const entry = byAccount.get(x.accountId) ?? { chats: new Set(), messages: [] };
    entry.chats.add(x.chatId);
    byAccount.set(x.accountId, entry);
  }
  for (const c of created) byAccount.get(c.accountId)?.messages.push(c.messageId);
  const events: DomainEvent[] = [];
  for (const [accountId, entry] of byAccount) {
    const [chats, messages] = await Promise.all([
      loadChatRows(deps.db, accountId, [...entry.chats]),
      loadMessageRows(deps.db, accountId, entry.messages),
    ]);
    const chatById = new Map(chats.map((c) => [c.id, c]));
    for (const message of messages) {
      const chat = chatById.get(message.chat_id);
      if (chat) events.push({ type: 'message.created', chat, message });
    }
    for (const m of moved.filter((x) => x.accountId === accountId)) {
      const chat = chatById.get(m.chatId);
      if (chat) {
        events.push({
          type: 'message.status',
          chat,
          messageId: m.messageId,
          status: m.status,
          ...(m.error ? { error: { code: m.error.code, message: m.error.message } } : {}),
        });
      }
    }
  }
  for (const e of events) deps.events.publish(e);
}
