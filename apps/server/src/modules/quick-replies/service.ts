import type { z } from 'zod';
import {
  MESSAGES,
  validationMessage as vm,
  type QuickReply,
  type quickReplyBodySchema,
  type quickReplyListQuerySchema,
  type quickReplyUpdateBodySchema,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Principal } from '../auth/principal.js';
import {
  quickRepliesRepo,
  type QuickReplyReader,
  type QuickReplyRow,
  type QuickReplyWrite,
} from './repo.js';

type ListQuery = z.output<typeof quickReplyListQuerySchema>;
type CreateBody = z.output<typeof quickReplyBodySchema>;
type UpdateBody = z.output<typeof quickReplyUpdateBodySchema>;

// Case-insensitive per account: unique index on (account_id, lower(shortcut)).
const SHORTCUT_UNIQUE = 'quick_replies_account_shortcut';
const MEDIA_NOT_FOUND = 'The attachment was not found. Upload it again.';
const EVERYONE: QuickReplyReader = { isAdmin: true, divisionIds: [] };

const present = (row: QuickReplyRow): QuickReply => ({
  _id: row.id,
  shortcut: row.shortcut,
  text: row.text,
  media:
    row.media_id && row.media_mime
      ? { _id: row.media_id, mimeType: row.media_mime, filename: row.media_filename }
      : null,
  divisionIds: row.division_ids,
  createdAt: row.created_at.toISOString(),
});

const readerOf = (p: Principal): QuickReplyReader => ({
  isAdmin: p.role === 'admin',
  divisionIds: p.divisionIds,
});

/**
 * Quick replies: canned answers the composer inserts on "/". A reply with division ids is
 * meant for those divisions only; admins see and manage all of them, supervisors the ones they
 * could use themselves.
 */
export class QuickRepliesService {
  constructor(private readonly deps: Deps) {}

  async list(principal: Principal, q: ListQuery): Promise<{ data: QuickReply[] }> {
    const rows = await quickRepliesRepo.list(
      this.deps.db,
      principal.accountId,
      readerOf(principal),
      {
        ...(q.searchText ? { searchText: q.searchText } : {}),
        limit: q.perpage,
      },
    );
    return { data: rows.map(present) };
  }

  async create(principal: Principal, body: CreateBody): Promise<QuickReply> {
    const input = {
      shortcut: body.shortcut,
      text: body.text,
      mediaId: body.mediaId ?? null,
      divisionIds: [...new Set(body.divisionIds)],
    };
    await this.assertReferences(principal.accountId, input);
    const id = await this.uniqueShortcut(() =>
      quickRepliesRepo.insert(this.deps.db, principal.accountId, principal.userId, input),
    );
    return this.get(principal.accountId, id);
  }

  async update(principal: Principal, id: string, body: UpdateBody): Promise<QuickReply> {
    const { db } = this.deps;
    const current = await quickRepliesRepo.one(db, principal.accountId, readerOf(principal), id);
    if (!current) throw notFound(MESSAGES.quickReplyNotFound);
    const patch: QuickReplyWrite = {
      ...(body.shortcut === undefined ? {} : { shortcut: body.shortcut }),
      ...(body.text === undefined ? {} : { text: body.text }),
      ...(body.mediaId === undefined ? {} : { mediaId: body.mediaId }),
      ...(body.divisionIds === undefined ? {} : { divisionIds: [...new Set(body.divisionIds)] }),
    };
    await this.assertReferences(principal.accountId, patch);
    // The reply must still say something once the change is applied.
    const text = patch.text ?? current.text;
    const mediaId = patch.mediaId === undefined ? current.media_id : patch.mediaId;
    if (!text && !mediaId)
      throw badRequest(vm.required('text'), 'VALIDATION', [
        { path: 'text', message: vm.required('text') },
      ]);
    await this.uniqueShortcut(() =>
      quickRepliesRepo.update(db, principal.accountId, id, patch, this.deps.clock.now()),
    );
    return this.get(principal.accountId, id);
  }

  async remove(principal: Principal, id: string): Promise<{ ok: true }> {
    const { db } = this.deps;
    const current = await quickRepliesRepo.one(db, principal.accountId, readerOf(principal), id);
    if (!current) throw notFound(MESSAGES.quickReplyNotFound);
    await quickRepliesRepo.remove(db, principal.accountId, id);
    return { ok: true };
  }

  private async get(accountId: string, id: string): Promise<QuickReply> {
    const row = await quickRepliesRepo.one(this.deps.db, accountId, EVERYONE, id);
    if (!row) throw notFound(MESSAGES.quickReplyNotFound);
    return present(row);
  }

  /** Media and divisions must be the caller's account's own (ids alone prove nothing). */
  private async assertReferences(accountId: string, input: QuickReplyWrite): Promise<void> {
    const { db } = this.deps;
    if (input.mediaId && !(await quickRepliesRepo.mediaInAccount(db, accountId, input.mediaId)))
      throw badRequest(MEDIA_NOT_FOUND, 'MEDIA_NOT_FOUND', [
        { path: 'mediaId', message: MEDIA_NOT_FOUND },
      ]);
    const divisions = input.divisionIds ?? [];
    if (
      divisions.length > 0 &&
      (await quickRepliesRepo.divisionsInAccount(db, accountId, divisions)) !== divisions.length
    )
      throw badRequest(MESSAGES.divisionNotInAccount, 'DIVISION_NOT_FOUND', [
        { path: 'divisionIds', message: MESSAGES.divisionNotInAccount },
      ]);
  }

  private async uniqueShortcut<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, SHORTCUT_UNIQUE))
        throw conflict(MESSAGES.quickReplyTaken, 'QUICK_REPLY_TAKEN');
      throw err;
    }
  }
}
