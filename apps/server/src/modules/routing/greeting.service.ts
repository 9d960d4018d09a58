import { MESSAGES, type Greeting, type GreetingBody } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { forgetGreeting, greetingRepo, type GreetingRow } from './greeting.repo.js';

export const GREETING_NOT_FOUND = 'Greeting not found';

function present(row: GreetingRow): Greeting {
  return {
    _id: row.id,
    text: row.text,
    divisions: row.divisions.map((d) => ({ _id: d.id, name: d.name })),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The account's greeting for greeting assignment: read by managers, written by the admin. */
export class GreetingService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async get(accountId: string): Promise<Greeting | null> {
    const row = await greetingRepo.find(this.deps.db, accountId);
    return row ? present(row) : null;
  }

  /** Creates the greeting or replaces it; every division must be one of the account's. */
  async save(accountId: string, body: GreetingBody): Promise<Greeting> {
    const { db, clock } = this.deps;
    if (
      (await greetingRepo.countDivisions(db, accountId, body.divisionIds)) !==
      body.divisionIds.length
    )
      throw badRequest(MESSAGES.divisionNotFound, 'DIVISION_NOT_FOUND', [
        { path: 'divisionIds', message: MESSAGES.divisionNotFound },
      ]);
    await greetingRepo.save(db, accountId, body.text, body.divisionIds, clock.now());
    forgetGreeting(db, accountId);
    const saved = await greetingRepo.find(db, accountId);
    if (!saved) throw notFound(GREETING_NOT_FOUND);
    return present(saved);
  }

  async remove(accountId: string): Promise<void> {
    const removed = await greetingRepo.remove(this.deps.db, accountId);
    forgetGreeting(this.deps.db, accountId);
    if (!removed) throw notFound(GREETING_NOT_FOUND);
  }
}
