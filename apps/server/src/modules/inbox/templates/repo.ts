import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { templateRows, type TemplateRow } from '../../templates/index.js';
import type { chatVisibleTo } from '../../conversations/index.js';

/**
 * The templates an agent may send in a chat: accepted ones (Meta approved them) on the chat's
 * own channel, always scoped by the caller's account. A deleted channel offers none; a
 * disconnected one still lists its own, and sending refuses them with the channel's reason.
 */
function acceptedTemplates(db: Kysely<Database>, accountId: string, channelId: string) {
  return templateRows(db)
    .where('t.account_id', '=', accountId)
    .where('c.account_id', '=', accountId)
    .where('t.channel_id', '=', channelId)
    .where('t.status', '=', 'accepted')
    .where('c.deleted_at', 'is', null);
}

export const inboxTemplatesRepo = {
  /** The channel of a chat the viewer may see (spec §6), or undefined. */
  async visibleChatChannel(
    db: Kysely<Database>,
    accountId: string,
    chatId: string,
    visible: ReturnType<typeof chatVisibleTo>,
  ): Promise<string | undefined> {
    const chat = await db
      .selectFrom('chats as c')
      .select('c.channel_id')
      .where('c.account_id', '=', accountId)
      .where('c.id', '=', chatId)
      .where(visible)
      .executeTakeFirst();
    return chat?.channel_id;
  },

  listAccepted(db: Kysely<Database>, accountId: string, channelId: string): Promise<TemplateRow[]> {
    return acceptedTemplates(db, accountId, channelId)
      .orderBy('t.name')
      .orderBy('t.language')
      .execute();
  },

  findAccepted(
    db: Kysely<Database>,
    accountId: string,
    channelId: string,
    templateId: string,
  ): Promise<TemplateRow | undefined> {
    return acceptedTemplates(db, accountId, channelId)
      .where('t.id', '=', templateId)
      .executeTakeFirst();
  },
};
