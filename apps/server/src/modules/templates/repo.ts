import { sql, type Selectable } from 'kysely';
import type { TemplateData, TemplateStatus } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { TemplatesTable } from '../../db/schema-templates.js';
import type { ChannelType } from '@sapa/contracts';
import { containsPattern } from '../../lib/like.js';

export type TemplateRow = Selectable<TemplatesTable> & {
  channel_type: ChannelType;
  channel_name: string;
  header_example_filename: string | null;
};

export interface TemplateListFilter {
  searchText?: string;
  status?: TemplateStatus;
  channelId?: string;
  /** The last row of the previous page (keyset: newest first). */
  afterId?: string;
  limit: number;
}

function columns(data: TemplateData) {
  return {
    channel_id: data.channelId,
    name: data.name,
    category: data.category,
    language: data.language,
    initiate_message: data.initiateMessage,
    header_type: data.headerType ?? 'none',
    header_text: data.headerText,
    header_example_url: data.headerExampleUrl,
    header_example_media_id: data.headerExampleMediaId,
    footer: data.footer,
    content: data.content,
    examples: JSON.stringify({
      body: data.examples.body,
      ...(data.examples.header === null ? {} : { header: data.examples.header }),
    }),
    buttons: JSON.stringify(data.buttons),
    disclaimer: data.disclaimer,
  } as const;
}

/** Templates with their channel and example file name, as `TemplateRow`. */
export const templateRows = (db: Db) =>
  db
    .selectFrom('templates as t')
    .innerJoin('channels as c', 'c.id', 't.channel_id')
    .leftJoin('media as m', 'm.id', 't.header_example_media_id')
    .selectAll('t')
    .select([
      'c.channel as channel_type',
      'c.name as channel_name',
      'm.filename as header_example_filename',
    ]);

/** Templates of one account; `accountId` always comes from the principal. */
/** One template's whole row, of this account only. */
const ownRow = (db: Db, accountId: string, id: string) =>
  db.selectFrom('templates').selectAll().where('account_id', '=', accountId).where('id', '=', id);

export const templatesRepo = {
  // Lists leave out the templates of deleted channels (kept for the history that names them);
  // a disconnected channel's stay listed, and sending one is refused where messages are sent.
  async list(db: Db, accountId: string, f: TemplateListFilter): Promise<TemplateRow[]> {
    let q = templateRows(db)
      .where('t.account_id', '=', accountId)
      .where('c.deleted_at', 'is', null);
    if (f.status) q = q.where('t.status', '=', f.status);
    if (f.channelId) q = q.where('t.channel_id', '=', f.channelId);
    if (f.searchText) q = q.where('t.name', 'ilike', containsPattern(f.searchText));
    // The cursor row is looked up, not decoded: timestamps keep microseconds JS dates lose.
    if (f.afterId)
      q = q.where(
        sql<boolean>`(t.created_at, t.id) < (SELECT created_at, id FROM templates
          WHERE id = ${f.afterId}::uuid AND account_id = ${accountId}::uuid)`,
      );
    return q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(f.limit).execute();
  },

  async total(db: Db, accountId: string, f: Omit<TemplateListFilter, 'afterId' | 'limit'>) {
    let q = db
      .selectFrom('templates as t')
      .innerJoin('channels as c', 'c.id', 't.channel_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('t.account_id', '=', accountId)
      .where('c.deleted_at', 'is', null);
    if (f.status) q = q.where('t.status', '=', f.status);
    if (f.channelId) q = q.where('t.channel_id', '=', f.channelId);
    if (f.searchText) q = q.where('t.name', 'ilike', containsPattern(f.searchText));
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  async countByStatus(db: Db, accountId: string): Promise<Map<TemplateStatus, number>> {
    const rows = await db
      .selectFrom('templates as t')
      .innerJoin('channels as c', 'c.id', 't.channel_id')
      .select(['t.status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('t.account_id', '=', accountId)
      .where('c.deleted_at', 'is', null)
      .groupBy('t.status')
      .execute();
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  },

  async get(db: Db, accountId: string, id: string): Promise<TemplateRow | undefined> {
    return templateRows(db)
      .where('t.account_id', '=', accountId)
      .where('t.id', '=', id)
      .executeTakeFirst();
  },

  /** The row as stored, unlocked: what publishing prepares from before it takes the lock. */
  async current(db: Db, accountId: string, id: string) {
    return ownRow(db, accountId, id).executeTakeFirst();
  },

  /** Locks the row for a state change that talks to Meta (publish, delete). */
  async lock(db: Db, accountId: string, id: string) {
    return ownRow(db, accountId, id).forUpdate().executeTakeFirst();
  },

  async insert(
    db: Db,
    accountId: string,
    userId: string | null,
    data: TemplateData,
  ): Promise<string> {
    const row = await db
      .insertInto('templates')
      .values({ account_id: accountId, created_by: userId, ...columns(data) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(db: Db, accountId: string, id: string, data: TemplateData, now: Date) {
    await db
      .updateTable('templates')
      .set({ ...columns(data), updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  async remove(db: Db, accountId: string, id: string): Promise<void> {
    await db
      .deleteFrom('templates')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  async markPublished(db: Db, id: string, providerId: string, now: Date): Promise<void> {
    await db
      .updateTable('templates')
      .set({
        status: 'published',
        provider_template_id: providerId,
        rejection_reason: null,
        published_at: now,
        status_updated_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Applies Meta's verdict to the template with Meta's id on the channel with that WABA. A
   * template no longer accepted stops opening conversations. Answers the account, or null when
   * no such template exists here.
   */
  async applyStatus(
    db: Db,
    where: { providerId: string; wabaId: string | null; name?: string; language?: string },
    change: { status: TemplateStatus; reason: string | null },
    now: Date,
  ): Promise<{ id: string; accountId: string; changed: boolean } | null> {
    return db.transaction().execute(async (trx) => {
      let found = await trx
        .selectFrom('templates as t')
        .innerJoin('channels as c', 'c.id', 't.channel_id')
        .select(['t.id', 't.account_id', 't.status', 't.rejection_reason'])
        .where('t.provider_template_id', '=', where.providerId)
        .$if(where.wabaId !== null, (q) => q.where('c.waba_id', '=', where.wabaId))
        .executeTakeFirst();
      if (!found && where.name && where.language && where.wabaId) {
        // Meta can answer before the publish that submitted the template has committed (some
        // templates are approved in seconds). FOR UPDATE waits for that publish and then reads
        // the committed row, whose Meta id then matches.
        const rows = await sql<{
          id: string;
          account_id: string;
          status: TemplateStatus;
          rejection_reason: string | null;
          provider_template_id: string | null;
        }>`SELECT t.id, t.account_id, t.status, t.rejection_reason, t.provider_template_id
           FROM templates t JOIN channels c ON c.id = t.channel_id
           WHERE t.name = ${where.name} AND t.language = ${where.language}
             AND c.waba_id = ${where.wabaId}
           FOR UPDATE OF t`.execute(trx);
        found = rows.rows.find((r) => r.provider_template_id === where.providerId);
      }
      if (!found) return null;
      const changed = found.status !== change.status || found.rejection_reason !== change.reason;
      if (changed)
        await trx
          .updateTable('templates')
          .set({
            status: change.status,
            rejection_reason: change.reason,
            status_updated_at: now,
            updated_at: now,
            ...(change.status === 'accepted' ? {} : { is_welcome: false }),
          })
          .where('id', '=', found.id)
          .execute();
      return { id: found.id, accountId: found.account_id, changed };
    });
  },

  /** Channels with templates waiting at Meta, for the periodic sync. */
  async channelsAwaitingReview(db: Db): Promise<string[]> {
    const rows = await db
      .selectFrom('templates')
      .select('channel_id')
      .distinct()
      .where('status', '=', 'published')
      .where('provider_template_id', 'is not', null)
      .execute();
    return rows.map((r) => r.channel_id);
  },

  async welcome(db: Db, accountId: string): Promise<TemplateRow | undefined> {
    return templateRows(db)
      .where('t.account_id', '=', accountId)
      .where('t.is_welcome', '=', true)
      .executeTakeFirst();
  },

  /** One welcome template per account (partial unique index): clear, then set. */
  async setWelcome(db: Db, accountId: string, id: string | null, now: Date): Promise<void> {
    await db
      .updateTable('templates')
      .set({ is_welcome: false, updated_at: now })
      .where('account_id', '=', accountId)
      .where('is_welcome', '=', true)
      .execute();
    if (id)
      await db
        .updateTable('templates')
        .set({ is_welcome: true, updated_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
  },

  async whatsappChannel(db: Db, accountId: string, channelId: string) {
    return db
      .selectFrom('channels')
      .select(['id', 'provider', 'waba_id'])
      .where('account_id', '=', accountId)
      .where('id', '=', channelId)
      .executeTakeFirst();
  },
};
