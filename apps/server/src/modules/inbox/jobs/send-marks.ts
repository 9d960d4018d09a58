import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import type { DomainEvent } from '../../../events/bus.js';
import type { ProviderErrorInfo } from '../../../channels/types.js';
import { applyStatus } from '../ingest.repo.js';
import { loadChatRows, type ChatRow } from '../../conversations/index.js';
import { sendDrainRepo } from './send-drain.repo.js';
import type { SendingMessage } from './send-message.job.js';

type MessageStatusEvent = Extract<DomainEvent, { type: 'message.status' }>;
type Status = 'sent' | 'delivered' | 'read' | 'failed';

export interface AcceptedSend {
  msg: SendingMessage;
  providerMessageId: string;
}

/**
 * Messages their provider accepted, marked sent together (one job's batch, or one message).
 * The ids and their `sent` events commit first, in one transaction (each event with its change:
 * a crash after the commit loses none). Statuses delivered before we knew a message's id (Meta's
 * are not ordered; a linked phone's receipt can beat the send's own answer) apply after that
 * commit: ingest parks a status only while no message has its id, so one parked while the send
 * was in flight is always found by the second transaction, and one arriving later finds the
 * message itself.
 */
export async function markSentMany(deps: Deps, accepted: AcceptedSend[]): Promise<void> {
  if (accepted.length === 0) return;
  const byId = new Map(accepted.map((a) => [a.msg.id, a]));
  const sent = await deps.db.transaction().execute(async (trx) => {
    const changed = await sendDrainRepo.markSent(
      trx,
      accepted.map((a) => ({ id: a.msg.id, providerMessageId: a.providerMessageId })),
    );
    const rows = changed.map((id) => byId.get(id)!);
    return { rows, events: await recordStatuses(deps, trx, rows, () => ['sent']) };
  });
  if (sent.rows.length === 0) return;
  const parked = await deps.db.transaction().execute(async (trx) => {
    const pending = await sendDrainRepo.takeParked(
      trx,
      sent.rows.map((a) => ({
        channelId: a.msg.channel_id,
        providerMessageId: a.providerMessageId,
      })),
    );
    if (pending.length === 0) return [];
    const applied = new Map<number, Status[]>();
    const owners = new Map(
      sent.rows.map((a) => [`${a.msg.channel_id}|${a.providerMessageId}`, a] as const),
    );
    for (const p of pending) {
      const owner = owners.get(`${p.channel_id}|${p.provider_message_id}`);
      if (!owner) continue;
      const status = p.status as Status;
      const changed = await applyStatus(trx, p.channel_id, {
        providerMessageId: p.provider_message_id,
        status,
        error: (p.error as ProviderErrorInfo | null) ?? null,
      });
      if (changed && status !== 'sent')
        applied.set(owner.msg.id, [...(applied.get(owner.msg.id) ?? []), status]);
    }
    const rows = sent.rows.filter((a) => applied.has(a.msg.id));
    return recordStatuses(deps, trx, rows, (a) => applied.get(a.msg.id) ?? []);
  });
  for (const event of [...sent.events, ...parked]) deps.events.publish(event);
}

/** The messages' status events, recorded in the transaction of their change (webhooks' outbox). */
async function recordStatuses(
  deps: Deps,
  trx: Db,
  rows: AcceptedSend[],
  statusesOf: (a: AcceptedSend) => Status[],
): Promise<MessageStatusEvent[]> {
  const chats = await chatsOf(trx, rows);
  const events: MessageStatusEvent[] = [];
  for (const a of rows) {
    const chat = chats.get(a.msg.chat_id);
    if (!chat) continue;
    for (const status of statusesOf(a)) {
      const event: MessageStatusEvent = {
        type: 'message.status',
        chat,
        messageId: String(a.msg.id),
        status,
      };
      await deps.events.record(trx, event);
      events.push(event);
    }
  }
  return events;
}

/** The chats of the rows, one read per account. */
async function chatsOf(trx: Db, rows: AcceptedSend[]): Promise<Map<string, ChatRow>> {
  const byAccount = new Map<string, Set<string>>();
  for (const { msg } of rows) {
    const ids = byAccount.get(msg.account_id) ?? new Set<string>();
    ids.add(msg.chat_id);
    byAccount.set(msg.account_id, ids);
  }
  const chats = new Map<string, ChatRow>();
  for (const [accountId, ids] of byAccount)
    for (const row of await loadChatRows(trx, accountId, [...ids])) chats.set(row.id, row);
  return chats;
}
