import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import { InsufficientBalanceError, LedgerService } from '../ledger.js';
import { prices } from './prices.js';
import { LIVE_STATUSES, PRICED_CHANNELS, usageRepo } from './usage.repo.js';

type UsageDeps = Pick<Deps, 'db' | 'clock'>;

/** The ledger order id of a conversation: its chat and the message that opened it. */
export const conversationRef = (chatId: string, messageId: number) => `conv:${chatId}:${messageId}`;

const LIVE: ReadonlySet<string> = new Set(LIVE_STATUSES);
const PRICED: ReadonlySet<string> = new Set(PRICED_CHANNELS);
const money = (amount: number) => amount.toFixed(2);

/**
 * Takes `amount` for a usage charge whose row the caller just wrote (or locked) in `trx`. The
 * ledger write is the transaction's last statement, so the account's ledger lock is held only
 * for it and the commit. The ledger never goes below zero: when the balance cannot cover the
 * charge it is recorded as owed and collected later (`collectOwed`). Returns whether the ledger
 * moved.
 */
export async function takeOrOwe(
  deps: UsageDeps,
  trx: Db,
  charge: { id: number; accountId: string; ref: string; amount: number; description: string },
  /** The row was inserted already saying `charged` (or `free`): one statement fewer. */
  inserted = false,
): Promise<boolean> {
  const now = deps.clock.now();
  if (charge.amount <= 0) {
    if (!inserted) await usageRepo.setStatus(trx, charge.id, 'free', now);
    return false;
  }
  if (!inserted) await usageRepo.setStatus(trx, charge.id, 'charged', now);
  try {
    const posting = await new LedgerService(deps).charge(
      charge.accountId,
      { amount: charge.amount, orderId: charge.ref, description: charge.description },
      trx,
    );
    return posting.created;
  } catch (err) {
    if (!(err instanceof InsufficientBalanceError)) throw err;
    await usageRepo.setStatus(trx, charge.id, 'owed', now);
    return false;
  }
}

export interface BalanceChange {
  accountId: string;
  /** The ledger moved (a charge or a refund was booked). */
  moved: boolean;
}

/**
 * Bills the conversation a business message belongs to, once. Under the chat's lock: a message
 * already inside a conversation (this chat's own, or a paid broadcast's) costs nothing; else it
 * opens one — `bo.userInitiatePrice` when the customer's 24-hour window was open, else
 * `bo.businessInitiatePrice` (a template sent into a closed window). Inbound messages, and
 * messages whose send already ended undelivered, are never billed. Any number of calls for the
 * same message (duplicate events, the sweeper) book one charge. Only WhatsApp conversations are
 * priced (PRICED_CHANNELS): a Messenger or Instagram reply costs nothing.
 */
export async function billConversation(
  deps: UsageDeps,
  messageId: number,
): Promise<BalanceChange | null> {
  const head = await usageRepo.chatOf(deps.db, messageId);
  if (!head) return null;
  return deps.db.transaction().execute(async (trx) => {
    await usageRepo.lockChat(trx, head.chat_id);
    // Read after the lock: a failure committed meanwhile is seen, and refunds wait for us.
    const m = await usageRepo.message(trx, messageId);
    if (!m || !m.from_me || !LIVE.has(m.status)) return null;
    if (!PRICED.has(m.channel)) return null;
    if (await usageRepo.covered(trx, m)) return null;
    const open = await usageRepo.customerWindowOpen(trx, m);
    const p = await prices(trx, m.account_id);
    const kind = open ? 'user_initiated' : 'business_initiated';
    const amount = open ? p.userInitiatePrice : p.businessInitiatePrice;
    const ref = conversationRef(m.chat_id, m.id);
    const id = await usageRepo.insert(trx, {
      accountId: m.account_id,
      kind,
      ref,
      chatId: m.chat_id,
      contactId: m.contact_id,
      messageId: m.id,
      startsAt: m.sent_at,
      amount: money(amount),
      status: amount > 0 ? 'charged' : 'free',
      now: deps.clock.now(),
    });
    if (id === undefined) return null;
    const moved = await takeOrOwe(
      deps,
      trx,
      {
        id,
        accountId: m.account_id,
        ref,
        amount,
        description: open ? 'Customer-initiated conversation' : 'Business-initiated conversation',
      },
      true,
    );
    return { accountId: m.account_id, moved };
  });
}

/**
 * billConversation for the business messages of one event-loop turn (issue 19: 1,000 API sends a
 * second). Nearly every one is inside a conversation already, and finding that cost each its own
 * transaction (six round trips). Here one transaction locks all their chats, in chat order, and
 * reads the same checks for all of them at once; only the few that open a conversation are
 * billed, each by billConversation itself, so what moves money is unchanged. The others get the
 * answer billConversation would have given them at that moment, under the same locks.
 */
export async function billConversations(
  deps: UsageDeps,
  messageIds: number[],
): Promise<(BalanceChange | null)[]> {
  const ids = [...new Set(messageIds)];
  if (ids.length === 0) return [];
  const opening = await deps.db.transaction().execute(async (trx) => {
    await usageRepo.lockChatsOf(trx, ids);
    return usageRepo.opening(trx, ids);
  });
  const changes: (BalanceChange | null)[] = [];
  for (const m of opening) if (m.opens) changes.push(await billConversation(deps, m.id));
  return changes;
}

/**
 * A business message's send ended undelivered. If it opened a conversation, the conversation
 * passes to the earliest other message of it that may still be delivered; with none, its charge
 * is refunded (same order id, kind 'refund') and the next message that goes through opens and
 * pays a new one. Idempotent: a refunded conversation is not found again.
 */
export async function refundConversation(
  deps: UsageDeps,
  messageId: number,
): Promise<BalanceChange | null> {
  const head = await usageRepo.chatOf(deps.db, messageId);
  if (!head) return null;
  return deps.db.transaction().execute(async (trx) => {
    await usageRepo.lockChat(trx, head.chat_id);
    const m = await usageRepo.message(trx, messageId);
    // The send came back to life (a later status): nothing to give back.
    if (!m || LIVE.has(m.status)) return null;
    const charge = await usageRepo.openedBy(trx, head.account_id, messageId);
    if (!charge || !charge.chat_id) return null;
    const now = deps.clock.now();
    const survivor = await usageRepo.survivor(trx, charge.chat_id, charge.starts_at, messageId);
    if (survivor !== undefined) {
      await usageRepo.moveOpener(trx, Number(charge.id), survivor, now);
      return null;
    }
    await usageRepo.setStatus(trx, Number(charge.id), 'refunded', now);
    if (charge.status !== 'charged') return null;
    const posting = await new LedgerService(deps).credit(
      head.account_id,
      {
        kind: 'refund',
        amount: Number(charge.amount),
        orderId: charge.ref,
        description: 'Conversation not delivered, refunded',
      },
      trx,
    );
    return { accountId: head.account_id, moved: posting.created };
  });
}

/**
 * Books what an account owes, oldest first, while its balance covers it (after a top-up, or from
 * the sweeper). Rows another collector holds are skipped, so two collectors never book one twice.
 */
export async function collectOwed(
  deps: UsageDeps,
  accountId: string,
): Promise<BalanceChange | null> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await usageRepo.owed(trx, accountId, 200);
    let moved = false;
    for (const row of rows) {
      const took = await takeOrOwe(deps, trx, {
        id: Number(row.id),
        accountId,
        ref: row.ref,
        amount: Number(row.amount),
        description:
          row.kind === 'mau'
            ? 'Monthly active contact'
            : row.kind === 'user_initiated'
              ? 'Customer-initiated conversation'
              : 'Business-initiated conversation',
      });
      if (!took) break;
      moved = true;
    }
    return moved ? { accountId, moved } : null;
  });
}
