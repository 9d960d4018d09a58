import {
  MESSAGES,
  idField,
  type ChannelType,
  type Contact,
  type ContactGroup,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Caller } from '../auth/principal.js';
import { listMembers } from './members.repo.js';
import { groupsRepo, type GroupRow } from './repo.js';

// Case-insensitive per account: unique index on (account_id, lower(name)).
const NAME_UNIQUE = 'contact_groups_account_name';

const present = (row: GroupRow): ContactGroup => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  channel: row.channel,
  memberCount: row.member_count,
  createdAt: row.created_at.toISOString(),
});

/** Spec §7 `groups`: comma-separated ids; blanks are ignored, anything else must be an id. */
function parseGroupIds(csv: string | undefined): string[] | undefined {
  if (csv === undefined) return undefined;
  const ids = [
    ...new Set(
      csv
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.some((id) => !idField.safeParse(id).success))
    throw badRequest('Invalid id', undefined, [{ path: 'groups', message: 'Invalid id' }]);
  return ids.length ? ids : undefined;
}

interface GroupInput {
  name: string;
  description: string;
  channel: ChannelType | null;
}

/** Contact group CRUD and membership for the caller's account. */
export class ContactGroupsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(
    principal: Caller,
    query: { groups?: string; channel?: ChannelType; searchText?: string },
  ): Promise<{ data: ContactGroup[] }> {
    const ids = parseGroupIds(query.groups);
    const rows = await groupsRepo.list(this.deps.db, principal.accountId, {
      ...(ids ? { ids } : {}),
      ...(query.channel ? { channel: query.channel } : {}),
      ...(query.searchText ? { searchText: query.searchText } : {}),
    });
    return { data: rows.map(present) };
  }

  async create(principal: Caller, input: GroupInput): Promise<ContactGroup> {
    const id = await this.uniqueName(() =>
      groupsRepo.insert(this.deps.db, principal.accountId, input),
    );
    return this.get(principal, id);
  }

  async update(principal: Caller, id: string, input: Partial<GroupInput>): Promise<ContactGroup> {
    const found = await this.uniqueName(() =>
      groupsRepo.update(this.deps.db, principal.accountId, id, input, this.deps.clock.now()),
    );
    if (!found) throw notFound(MESSAGES.contactGroupNotFound);
    return this.get(principal, id);
  }

  async remove(principal: Caller, id: string): Promise<{ ok: true }> {
    if (!(await groupsRepo.remove(this.deps.db, principal.accountId, id)))
      throw notFound(MESSAGES.contactGroupNotFound);
    return { ok: true };
  }

  async members(
    principal: Caller,
    id: string,
    query: { searchText?: string; perpage: number; startKey?: string },
  ): Promise<{ data: Contact[]; nextKey: string | null; total: number }> {
    await this.mustExist(principal, id);
    return listMembers(this.deps.db, principal.accountId, id, query);
  }

  /**
   * Idempotent: contacts already in the group are skipped. Every id must be a contact of the
   * account, otherwise nothing is added (a half-applied bulk add would be hard to retry).
   */
  async addMembers(
    principal: Caller,
    id: string,
    contactIds: string[],
  ): Promise<{ changed: number; memberCount: number }> {
    const unique = [...new Set(contactIds)];
    return this.deps.db.transaction().execute(async (trx) => {
      await this.mustExist(principal, id, trx);
      const own = await groupsRepo.countOwnContacts(trx, principal.accountId, unique);
      if (own !== unique.length)
        throw badRequest(MESSAGES.contactNotFound, 'CONTACT_NOT_FOUND', [
          { path: 'contactIds', message: MESSAGES.contactNotFound },
        ]);
      const changed = await groupsRepo.addMembers(
        trx,
        principal.accountId,
        id,
        unique,
        this.deps.clock.now(),
      );
      return { changed, memberCount: await this.count(trx, id) };
    });
  }

  /** Ids that are not members (or not the account's contacts) are simply not counted. */
  async removeMembers(
    principal: Caller,
    id: string,
    contactIds: string[],
  ): Promise<{ changed: number; memberCount: number }> {
    await this.mustExist(principal, id);
    const changed = await groupsRepo.removeMembers(this.deps.db, id, [...new Set(contactIds)]);
    return { changed, memberCount: await this.count(this.deps.db, id) };
  }

  private async count(db: Deps['db'], id: string): Promise<number> {
    return (await groupsRepo.memberCounts(db, [id])).get(id) ?? 0;
  }

  private async mustExist(principal: Caller, id: string, db = this.deps.db): Promise<void> {
    if (!(await groupsRepo.exists(db, principal.accountId, id)))
      throw notFound(MESSAGES.contactGroupNotFound);
  }

  private async get(principal: Caller, id: string): Promise<ContactGroup> {
    const row = (await groupsRepo.list(this.deps.db, principal.accountId, { ids: [id] }))[0];
    if (!row) throw notFound(MESSAGES.contactGroupNotFound);
    return present(row);
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, NAME_UNIQUE))
        throw conflict(MESSAGES.contactGroupNameTaken, 'CONTACT_GROUP_NAME_TAKEN');
      throw err;
    }
  }
}
