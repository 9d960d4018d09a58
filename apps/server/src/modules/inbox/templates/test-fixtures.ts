import type { TemplateHeaderTypeDb, TemplateStatusDb } from '../../../db/schema-templates.js';
import type { TestContext } from '../../../test/harness.js';

export interface TemplateValues {
  accountId?: string;
  channelId?: string;
  name?: string;
  status?: TemplateStatusDb;
  content?: string;
  headerType?: TemplateHeaderTypeDb;
  headerText?: string | null;
  footer?: string | null;
}

/** A template straight in the database, accepted unless told otherwise. */
export async function insertTestTemplate(
  ctx: TestContext,
  values: TemplateValues & { accountId: string; channelId: string },
): Promise<string> {
  const row = await ctx.deps.db
    .insertInto('templates')
    .values({
      account_id: values.accountId,
      channel_id: values.channelId,
      name: values.name ?? `t_${Math.random().toString(36).slice(2, 10)}`,
      category: 'UTILITY',
      language: 'id',
      header_type: values.headerType ?? 'none',
      header_text: values.headerText ?? null,
      footer: values.footer ?? null,
      content: values.content ?? 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
      examples: JSON.stringify({ body: ['Budi', 'INV-1'] }),
      buttons: JSON.stringify([{ type: 'chat', label: 'Terima kasih', code: 'thanks' }]),
      status: values.status ?? 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The customer's last message a day and a minute ago: only templates may go out. */
export function closeCustomerWindow(ctx: TestContext, chatId: string) {
  return ctx.deps.db
    .updateTable('chats')
    .set({ initiate_at: new Date(ctx.clock.now().getTime() - 24 * 60 * 60 * 1000 - 60_000) })
    .where('id', '=', chatId)
    .execute();
}
