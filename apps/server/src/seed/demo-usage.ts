import type { Deps } from '../deps.js';
import { billConversation } from '../modules/billing/pricing/conversations.js';
import { billActiveContacts } from '../modules/billing/pricing/mau.js';

/**
 * The demo's messages were written straight into their tables, so the usage listener never billed
 * them: bill each now through the billing module's own functions, with the clock at the message's
 * time, so the ledger holds the charges on the days the conversations happened (Usage and the
 * balance agree to the rupiah). Idempotent: a conversation or active-contact month is billed once
 * by its reference, however often the server starts.
 */
export async function billDemoUsage(deps: Deps, accountId: string): Promise<void> {
  const messages = await deps.db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .select(['messages.id', 'messages.from_me', 'messages.sent_at', 'chats.contact_id'])
    .where('messages.account_id', '=', accountId)
    .orderBy('messages.sent_at')
    .orderBy('messages.id')
    .execute();
  for (const m of messages) {
    const at = { db: deps.db, clock: { now: () => m.sent_at } };
    if (m.from_me) await billConversation(at, Number(m.id));
    else await billActiveContacts(at, [{ accountId, contactId: m.contact_id, at: m.sent_at }]);
  }
}
