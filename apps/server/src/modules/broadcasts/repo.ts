import { sql } from 'kysely';
import type { BroadcastStatus } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { BroadcastHeaderMediaDb } from '../../db/schema-broadcasts.js';
import { containsPattern } from '../../lib/like.js';

/** A broadcast with the names the API shows next to it (template, channel, creator). */
function detailQuery(db: Db, accountId: string) {
  return db
    .selectFrom('broadcasts as b')
    .innerJoin('templates as t', 't.id', 'b.template_id')
    .innerJoin('channels as ch', 'ch.id', 'b.channel_id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      'b.title',
      'b.status',
      'b.channel_id',
      'b.template_id',
      'b.created_by',
      'b.header_media',
      'b.self_assign',
      'b.scheduled_at',
      'b.started_at',
      'b.finished_at',
      'b.created_at',
      'b.total_count',
      'b.invalid_count',
      'b.estimated_cost',
      'b.pause_reason',
      'ch.name as channel_name',
      'ch.disconnected_at as channel_disconnected_at',
      'ch.deleted_at as channel_deleted_at',
      't.name as template_name',
      't.content as template_content',
      'u.name as creator_name',
    ])
    .where('b.account_id', '=', accountId);
}

export type BroadcastRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

async function find(db: Db, accountId: string, id: string): Promise<BroadcastRow | undefined> {
  return detailQuery(db, accountId).where('b.id', '=', id).executeTakeFirst();
}

/** Keyset page by (created_at, id) descending on broadcasts_account_created. */
async function page(
  db: Db,
  accountId: string,
  filter: {
    statuses: readonly BroadcastStatus[];
    searchText?: string | undefined;
    /** Agents list only their own broadcasts. */
    createdBy?: string | undefined;
  },
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<BroadcastRow[]> {
  let q = detailQuery(db, accountId).where('b.status', 'in', [...filter.statuses]);
  if (filter.createdBy) q = q.where('b.created_by', '=', filter.createdBy);
  if (filter.searchText)
    q = q.where(sql<boolean>`b.title ILIKE ${containsPattern(filter.searchText)}`);
  if (after)
    q = q.where(sql<boolean>`(b.created_at, b.id) < (${after.createdAt}, ${after.id}::uuid)`);
  return q.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
}

async function findTemplate(db: Db, accountId: string, templateId: string) {
  return db
    .selectFrom('templates as t')
    .innerJoin('channels as ch', 'ch.id', 't.channel_id')
    .select([
      't.id',
      't.channel_id',
      't.name',
      't.status',
      't.header_type',
      't.header_text',
      't.content',
      't.examples',
      'ch.is_enabled as channel_enabled',
      'ch.provider as channel_provider',
      'ch.disconnected_at',
      'ch.deleted_at',
    ])
    .where('t.account_id', '=', accountId)
    .where('t.id', '=', templateId)
    .executeTakeFirst();
}

/** The provider of one of the account's channels, or null when it has no such channel. */
async function channelProvider(db: Db, accountId: string, channelId: string) {
  const row = await db
    .selectFrom('channels')
    .select('provider')
    .where('account_id', '=', accountId)
    .where('id', '=', channelId)
    .executeTakeFirst();
  return row?.provider ?? null;
}

export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

async function createDraft(
  db: Db,
  values: {
    accountId: string;
    channelId: string;
    templateId: string;
    /** Null when an API key drafts it: a key acts as the account, not as a user. */
    createdBy: string | null;
    title: string;
    totalCount: number;
    invalidCount: number;
  },
): Promise<string> {
  const row = await db
    .insertInto('broadcasts')
    .values({
      account_id: values.accountId,
      channel_id: values.channelId,
      template_id: values.templateId,
      created_by: values.createdBy,
      title: values.title,
      status: 'draft',
      total_count: values.totalCount,
      invalid_count: values.invalidCount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The caller's drafts: the one this check replaces and any older than the draft lifetime (a
 * wizard left open and never confirmed). Their recipients go with them (ON DELETE CASCADE).
 */
async function deleteDrafts(
  db: Db,
  accountId: string,
  opts: { id?: string | undefined; olderThan: Date },
): Promise<void> {
  await db
    .deleteFrom('broadcasts')
    .where('account_id', '=', accountId)
    .where('status', '=', 'draft')
    .where((eb) =>
      opts.id
        ? eb.or([eb('id', '=', opts.id), eb('created_at', '<', opts.olderThan)])
        : eb('created_at', '<', opts.olderThan),
    )
    .execute();
}

/**
 * Locks the caller's draft so a double click confirms it once. An API key's drafts have no
 * creator: any key of the account (which acts as the account) may confirm them.
 */
async function lockDraft(db: Db, accountId: string, id: string, createdBy: string | null) {
  return db
    .selectFrom('broadcasts')
    .select(['id', 'template_id', 'channel_id', 'total_count', 'invalid_count', 'created_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('created_by', createdBy === null ? 'is' : '=', createdBy)
    .where('status', '=', 'draft')
    .forUpdate()
    .executeTakeFirst();
}

async function confirm(
  db: Db,
  id: string,
  values: {
    title: string;
    headerMedia: BroadcastHeaderMediaDb | null;
    selfAssign: boolean;
    scheduledAt: Date;
    estimatedCost: number;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('broadcasts')
    .set({
      title: values.title,
      status: 'scheduled',
      header_media: values.headerMedia ? JSON.stringify(values.headerMedia) : null,
      self_assign: values.selfAssign,
      scheduled_at: values.scheduledAt,
      estimated_cost: values.estimatedCost.toFixed(2),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

/** Members of the account's groups with a reachable contact record, each contact once. */
async function groupMembers(db: Db, accountId: string, groupIds: readonly string[]) {
  return db
    .selectFrom('contact_group_members as m')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .innerJoin('contact_groups as g', 'g.id', 'm.group_id')
    .select(['c.id', 'c.name', 'c.phone', 'c.attributes'])
    .distinctOn('c.id')
    .where('g.account_id', '=', accountId)
    .where('g.id', 'in', [...groupIds])
    .where('c.archived_at', 'is', null)
    .orderBy('c.id')
    .execute();
}

async function countGroups(db: Db, accountId: string, groupIds: readonly string[]) {
  const row = await db
    .selectFrom('contact_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('id', 'in', [...groupIds])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function findMedia(db: Db, accountId: string, mediaId: string) {
  return db
    .selectFrom('media')
    .select(['id', 'mime_type', 'filename'])
    .where('account_id', '=', accountId)
    .where('id', '=', mediaId)
    .executeTakeFirst();
}

export const broadcastsRepo = {
  channelProvider,
  find,
  page,
  findTemplate,
  createDraft,
  deleteDrafts,
  lockDraft,
  confirm,
  groupMembers,
  countGroups,
  findMedia,
};
