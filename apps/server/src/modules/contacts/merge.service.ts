import { randomUUID } from 'node:crypto';
import { MESSAGES, type Contact } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { mergeRepo } from './merge.repo.js';
import type { ContactsService } from './service.js';

/**
 * Merging groups two contacts as one person; it changes no name, phone, chat or visibility, so
 * unmerging (leaving the group) gives back exactly the contacts there were. Both are idempotent:
 * merging contacts already together, or unmerging one that is alone, answers the same contact.
 */
export class ContactMergeService {
  constructor(
    private readonly deps: Pick<Deps, 'db'>,
    private readonly contacts: ContactsService,
  ) {}

  async merge(principal: Principal, id: string, otherId: string): Promise<Contact> {
    if (id === otherId)
      throw badRequest(MESSAGES.contactMergeSelf, 'CONTACT_MERGE_SELF', [
        { path: 'otherContactId', message: MESSAGES.contactMergeSelf },
      ]);
    const { accountId } = principal;
    await this.deps.db.transaction().execute(async (trx) => {
      const pair = await mergeRepo.lockPair(trx, accountId, id, otherId);
      if (pair.length !== 2) throw notFound(MESSAGES.contactNotFound);
      const persons = [...new Set(pair.flatMap((r) => (r.person_id ? [r.person_id] : [])))];
      const [first, second] = pair;
      if (first?.person_id && first.person_id === second?.person_id) return;
      // Joining an existing person keeps its id; two persons become the first one.
      const person = persons[0] ?? randomUUID();
      await mergeRepo.join(trx, accountId, person, [id, otherId], persons);
    });
    return this.contacts.get(principal, id);
  }

  async unmerge(principal: Principal, id: string): Promise<Contact> {
    const { accountId } = principal;
    await this.deps.db.transaction().execute(async (trx) => {
      const self = await mergeRepo.lockOne(trx, accountId, id);
      if (!self) throw notFound(MESSAGES.contactNotFound);
      if (!self.person_id) return;
      const group = await mergeRepo.lockPersons(trx, accountId, [self.person_id]);
      const rest = group.filter((m) => m.id !== id);
      // A person of one contact is no person: the last partner leaves the group too.
      await mergeRepo.clear(trx, accountId, rest.length === 1 ? group.map((m) => m.id) : [id]);
    });
    return this.contacts.get(principal, id);
  }
}
