import { CONTACT_REASONS, MESSAGES, type ContactAttribute } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Caller } from '../auth/principal.js';
import { attributesRepo, type AttributeRow } from './attributes.repo.js';

export const presentAttribute = (row: AttributeRow): ContactAttribute => ({
  _id: row.id,
  key: row.key,
  label: row.label,
  type: row.type,
  createdAt: row.created_at.toISOString(),
});

/** The custom fields an account defines for its contacts (keys are fixed once created). */
export class ContactAttributesService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(principal: Caller): Promise<{ data: ContactAttribute[] }> {
    const rows = await attributesRepo.list(this.deps.db, principal.accountId);
    return { data: rows.map(presentAttribute) };
  }

  async create(
    principal: Caller,
    input: { key: string; label: string; type: ContactAttribute['type'] },
  ): Promise<ContactAttribute> {
    try {
      return presentAttribute(
        await attributesRepo.insert(this.deps.db, principal.accountId, input),
      );
    } catch (err) {
      if (isUniqueViolation(err, 'contact_attributes_account_key'))
        throw conflict(MESSAGES.attributeKeyTaken, 'ATTRIBUTE_KEY_TAKEN');
      throw err;
    }
  }

  async update(
    principal: Caller,
    id: string,
    patch: { label?: string; type?: ContactAttribute['type'] },
  ): Promise<ContactAttribute> {
    const row = await attributesRepo.update(
      this.deps.db,
      principal.accountId,
      id,
      patch,
      this.deps.clock.now(),
    );
    if (!row) throw notFound(CONTACT_REASONS.attributeNotFound);
    return presentAttribute(row);
  }

  /** The key leaves every contact in the same transaction, so no contact keeps a stray value. */
  async remove(principal: Caller, id: string): Promise<{ ok: true }> {
    const removed = await this.deps.db
      .transaction()
      .execute((trx) => attributesRepo.remove(trx, principal.accountId, id));
    if (!removed) throw notFound(CONTACT_REASONS.attributeNotFound);
    return { ok: true };
  }
}
