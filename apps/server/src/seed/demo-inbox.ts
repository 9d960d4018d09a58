import type { Db } from '../db/database.js';

/** Labels of the demo inbox, and which demo conversations (by WhatsApp id) carry them. */
export const DEMO_LABELS = [
  { name: 'VIP', color: '#f59f00', chats: ['6281311110002', '6281311110005'] },
  { name: 'Complaint', color: '#fa5252', chats: ['6281311110001', '6281311110004'] },
  { name: 'Follow up', color: '#228be6', chats: ['6281311110001'] },
  { name: 'New lead', color: '#40c057', chats: ['6281311110002'] },
] as const;

/** Quick replies; `/price` is for Sales only, to show division-scoped replies. */
export const DEMO_QUICK_REPLIES = [
  {
    shortcut: 'hello',
    text: 'Halo Kak, terima kasih sudah menghubungi Demo Company. Ada yang bisa kami bantu?',
    division: null,
  },
  {
    shortcut: 'thanks',
    text: 'Terima kasih Kak, senang bisa membantu. Jangan ragu menghubungi kami lagi ya!',
    division: null,
  },
  {
    shortcut: 'hours',
    text: 'Jam operasional kami Senin–Jumat 08.00–17.00 WIB dan Sabtu 09.00–14.00 WIB.',
    division: null,
  },
  {
    shortcut: 'price',
    text: 'Paket Growth Rp 499.000 per bulan untuk 10 agen, sudah termasuk 3 nomor WhatsApp. Mau kami jadwalkan demo?',
    division: 'Sales',
  },
] as const;

export interface DemoInboxInput {
  accountId: string;
  divisions: { id: string; name: string }[];
  /** Demo chats by the customer's WhatsApp id. */
  chatIds: Map<string, string>;
  /** Conversations resolved in the demo story: when and by whom. */
  resolved: { chatId: string; at: Date; by: string | null }[];
}

/**
 * Labels, quick replies and tickets of the demo inbox, written in the demo messaging seed's
 * transaction (so also only on first start). Tickets are derived from the stored messages by
 * the same rules as live traffic: one opens at a customer message when none is open, the first
 * agent reply answers it, a resolve closes it.
 */
export async function seedDemoInbox(trx: Db, input: DemoInboxInput): Promise<void> {
  const { accountId } = input;
  const labels = await trx
    .insertInto('labels')
    .values(DEMO_LABELS.map((l) => ({ account_id: accountId, name: l.name, color: l.color })))
    .returning(['id', 'name'])
    .execute();
  for (const [waId, chatId] of input.chatIds) {
    const ids = DEMO_LABELS.filter((l) => (l.chats as readonly string[]).includes(waId)).flatMap(
      (l) => labels.filter((row) => row.name === l.name).map((row) => row.id),
    );
    if (ids.length > 0)
      await trx.updateTable('chats').set({ labels: ids }).where('id', '=', chatId).execute();
  }

  await trx
    .insertInto('quick_replies')
    .values(
      DEMO_QUICK_REPLIES.map((q) => ({
        account_id: accountId,
        shortcut: q.shortcut,
        text: q.text,
        division_ids: input.divisions.filter((d) => d.name === q.division).map((d) => d.id),
      })),
    )
    .execute();

  for (const chatId of input.chatIds.values()) {
    const chat = await trx
      .selectFrom('chats')
      .select('agent_id')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    const messages = await trx
      .selectFrom('messages')
      .select(['from_me', 'is_system', 'sender_id', 'sent_at'])
      .where('chat_id', '=', chatId)
      .orderBy('sent_at')
      .orderBy('id')
      .execute();
    const resolve = input.resolved.find((r) => r.chatId === chatId);
    for (const ticket of ticketsOf(messages, resolve)) {
      await trx
        .insertInto('tickets')
        .values({
          account_id: accountId,
          chat_id: chatId,
          // Live, a ticket takes the chat's agent when it opens, else its first replier.
          agent_id: ticket.closeAt ? ticket.agentId : (chat.agent_id ?? ticket.agentId),
          resolved_by: ticket.resolvedBy,
          open_at: ticket.openAt,
          answer_at: ticket.answerAt,
          close_at: ticket.closeAt,
          created_at: ticket.openAt,
        })
        .execute();
    }
  }
}

interface DerivedTicket {
  openAt: Date;
  answerAt: Date | null;
  agentId: string | null;
  closeAt: Date | null;
  resolvedBy: string | null;
}

/** A conversation's tickets from its messages in time order, and the resolve if there was one. */
export function ticketsOf(
  messages: { from_me: boolean; is_system: boolean; sender_id: string | null; sent_at: Date }[],
  resolve?: { at: Date; by: string | null },
): DerivedTicket[] {
  const tickets: DerivedTicket[] = [];
  let open: DerivedTicket | null = null;
  const close = (at: Date, by: string | null) => {
    if (open) Object.assign(open, { closeAt: at, resolvedBy: by });
    open = null;
  };
  for (const m of messages) {
    if (resolve && m.sent_at > resolve.at) {
      close(resolve.at, resolve.by);
      resolve = undefined;
    }
    if (!m.from_me) {
      if (!open) {
        open = {
          openAt: m.sent_at,
          answerAt: null,
          agentId: null,
          closeAt: null,
          resolvedBy: null,
        };
        tickets.push(open);
      }
    } else if (open && !m.is_system && m.sender_id && !open.answerAt) {
      open.answerAt = m.sent_at;
      open.agentId = m.sender_id;
    }
  }
  if (resolve) close(resolve.at, resolve.by);
  return tickets;
}
