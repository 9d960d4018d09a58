import { MESSAGES, type Division } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Principal } from '../auth/principal.js';
import { divisionsRepo, type DivisionRow } from './repo.js';
import { forgetGreeting } from '../routing/index.js';

// Case-insensitive per account: unique index on (account_id, lower(name)).
const NAME_UNIQUE = 'divisions_account_name';

const present = (row: DivisionRow): Division => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  memberCount: row.member_count,
  createdAt: row.created_at.toISOString(),
});

/** Division CRUD for the caller's account. */
export class DivisionsService {
  constructor(private readonly deps: Deps) {}

  async list(principal: Principal): Promise<{ data: Division[] }> {
    const rows = await divisionsRepo.list(this.deps.db, principal.accountId);
    return { data: rows.map(present) };
  }

  async create(
    principal: Principal,
    input: { name: string; description: string },
  ): Promise<Division> {
    const id = await this.uniqueName(() =>
      divisionsRepo.insert(this.deps.db, principal.accountId, input),
    );
    return this.get(principal, id);
  }

  async update(
    principal: Principal,
    id: string,
    input: { name?: string; description?: string },
  ): Promise<Division> {
    const found = await this.uniqueName(() =>
      divisionsRepo.update(this.deps.db, principal.accountId, id, input, this.deps.clock.now()),
    );
    if (!found) throw notFound(MESSAGES.divisionNotFound);
    // The greeting lists divisions by name.
    forgetGreeting(this.deps.db, principal.accountId);
    return this.get(principal, id);
  }

  async remove(principal: Principal, id: string): Promise<{ ok: true }> {
    const removed = await this.deps.db
      .transaction()
      .execute((trx) => divisionsRepo.remove(trx, principal.accountId, id));
    if (!removed) throw notFound(MESSAGES.divisionNotFound);
    forgetGreeting(this.deps.db, principal.accountId);
    return { ok: true };
  }

  private async get(principal: Principal, id: string): Promise<Division> {
    const [row] = await divisionsRepo.list(this.deps.db, principal.accountId, id);
    if (!row) throw notFound(MESSAGES.divisionNotFound);
    return present(row);
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, NAME_UNIQUE))
        throw conflict(MESSAGES.divisionNameTaken, 'DIVISION_NAME_TAKEN');
      throw err;
    }
  }
}
