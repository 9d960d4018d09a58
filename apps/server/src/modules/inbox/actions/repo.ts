import type { Db } from '../../../db/database.js';
import {
  type Viewer,
  type ChatRow,
  loadChatRows,
  chatVisibleTo,
} from '../../conversations/index.js';

/** What an action may change on a chat row. */
export interface ChatPatch {
  agent_id?: string | null;
  division_ids?: string[];
  labels?: string[];
  flag?: ChatRow['flag'];
  is_archive?: boolean;
  blocked?: boolean;
}

const ASSIGNABLE_ROLES = ['agent', 'admin', 'supervisor'] as const;

/** SQL of the chat actions; every query is scoped by the caller's account id. */
export const chatActionsRepo = {
  /**
   * Locks a chat the viewer may see until the transaction ends, so two actions on one chat run
   * one after the other and each sees the other's result. Undefined when hidden or missing.
   */
  async lockVisibleChat(trx: Db, viewer: Viewer, chatId: string): Promise<ChatRow | undefined> {
    const locked = await trx
      .selectFrom('chats as c')
      .select('c.id')
      .where('c.account_id', '=', viewer.accountId)
      .where('c.id', '=', chatId)
      .where(chatVisibleTo(viewer))
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return undefined;
    const [row] = await loadChatRows(trx, viewer.accountId, [locked.id]);
    return row;
  },

  async updateChat(
    trx: Db,
    accountId: string,
    chatId: string,
    patch: ChatPatch,
    now: Date,
  ): Promise<void> {
    await trx
      .updateTable('chats')
      .set({ ...patch, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', chatId)
      .execute();
  },

  async loadChat(db: Db, accountId: string, chatId: string): Promise<ChatRow | undefined> {
    const [row] = await loadChatRows(db, accountId, [chatId]);
    return row;
  },

  /** An active user of the account who may hold chats (agent, admin or supervisor). */
  async isAssignableUser(db: Db, accountId: string, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .where('status', '=', 'active')
      .where('role', 'in', ASSIGNABLE_ROLES)
      .executeTakeFirst();
    return row !== undefined;
  },

  async divisionExists(db: Db, accountId: string, divisionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('divisions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', divisionId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** How many of these label ids belong to the account. */
  async countLabels(db: Db, accountId: string, labelIds: string[]): Promise<number> {
    if (labelIds.length === 0) return 0;
    const row = await db
      .selectFrom('labels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('id', 'in', labelIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The open ticket follows the chat's assignment. */
  async setOpenTicketAgent(
    trx: Db,
    accountId: string,
    chatId: string,
    agentId: string | null,
  ): Promise<void> {
    await trx
      .updateTable('tickets')
      .set({ agent_id: agentId })
      .where('account_id', '=', accountId)
      .where('chat_id', '=', chatId)
      .where('close_at', 'is', null)
      .execute();
  },

  /** Closes the chat's open ticket; its id, or null when none was open. */
  async closeOpenTicket(
    trx: Db,
    accountId: string,
    chatId: string,
    resolvedBy: string | null,
    now: Date,
  ): Promise<string | null> {
    const row = await trx
      .updateTable('tickets')
      .set({ close_at: now, resolved_by: resolvedBy })
      .where('account_id', '=', accountId)
      .where('chat_id', '=', chatId)
      .where('close_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /** Visible chats not archived, not blocked and not resolved (flag other than gray). */
  async countActive(db: Db, viewer: Viewer): Promise<number> {
    const row = await db
      .selectFrom('chats as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.account_id', '=', viewer.accountId)
      .where('c.is_archive', '=', false)
      .where('c.blocked', '=', false)
      .where('c.flag', '!=', 'gray')
      .where(chatVisibleTo(viewer))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Visible chats with unread messages, each counted once (spec §4 badge rule). */
  async countUnread(db: Db, viewer: Viewer): Promise<number> {
    const row = await db
      .selectFrom('chats as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.account_id', '=', viewer.accountId)
      .where('c.unread_count', '>', 0)
      .where('c.is_archive', '=', false)
      .where('c.blocked', '=', false)
      .where(chatVisibleTo(viewer))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
