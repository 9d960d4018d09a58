import { MESSAGES, type Label } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Caller } from '../auth/principal.js';
import { labelsRepo, type LabelRow } from './repo.js';

// Case-insensitive per account: unique index on (account_id, lower(name)).
const NAME_UNIQUE = 'labels_account_name';

const present = (row: LabelRow): Label => ({
  _id: row.id,
  label: row.name,
  color: row.color,
  chatCount: row.chat_count,
  createdAt: row.created_at.toISOString(),
});

/** Label CRUD for the caller's account (spec §3 "label (label, color)"). */
export class LabelsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(
    principal: Caller,
    query: { perpage: number; searchText?: string; withCounts?: boolean },
  ): Promise<{ data: Label[]; total: number }> {
    const { rows, total } = await labelsRepo.list(this.deps.db, principal.accountId, query);
    return { data: rows.map(present), total };
  }

  async create(principal: Caller, input: { label: string; color: string }): Promise<Label> {
    const id = await this.uniqueName(() =>
      labelsRepo.insert(this.deps.db, principal.accountId, input),
    );
    return this.get(principal, id);
  }

  async update(
    principal: Caller,
    id: string,
    input: { label?: string; color?: string },
  ): Promise<Label> {
    const found = await this.uniqueName(() =>
      labelsRepo.update(this.deps.db, principal.accountId, id, input, this.deps.clock.now()),
    );
    if (!found) throw notFound(MESSAGES.labelNotFound);
    return this.get(principal, id);
  }

  /** The label leaves every chat in the same transaction, so no chat keeps a dangling id. */
  async remove(principal: Caller, id: string): Promise<{ ok: true }> {
    const removed = await this.deps.db
      .transaction()
      .execute((trx) => labelsRepo.remove(trx, principal.accountId, id));
    if (!removed) throw notFound(MESSAGES.labelNotFound);
    return { ok: true };
  }

  private async get(principal: Caller, id: string): Promise<Label> {
    const { rows } = await labelsRepo.list(this.deps.db, principal.accountId, {
      id,
      withCounts: true,
    });
    const row = rows[0];
    if (!row) throw notFound(MESSAGES.labelNotFound);
    return present(row);
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, NAME_UNIQUE))
        throw conflict(MESSAGES.labelNameTaken, 'LABEL_NAME_TAKEN');
      throw err;
    }
  }
}
