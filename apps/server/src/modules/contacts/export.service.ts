import type { Readable } from 'node:stream';
import type { ContactExportQuery } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Principal } from '../auth/principal.js';
import { attributesRepo } from './attributes.repo.js';
import { contactsRepo, type ContactKey, type ContactRow } from './repo.js';
import { contactFilterOf } from './service.js';
import { writeSheet } from './sheet-writer.js';
import { canonicalPhone } from './values.js';

const EXPORT_PAGE = 1000;
export const EXPORT_COLUMNS = ['phone', 'name', 'email', 'notes', 'labels'] as const;

/**
 * The phone in international form, so the file imports back to the same contact: canonical
 * Indonesian numbers get +62, others (canonical keeps their country code) just a plus.
 */
export function exportPhone(phone: string | null): string {
  if (!phone) return '';
  return canonicalPhone(phone) === phone ? `+62${phone}` : `+${phone}`;
}

/** Every matching contact, attributes as columns, read page by page while the answer streams. */
export class ContactExportService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async export(
    principal: Principal,
    q: ContactExportQuery,
  ): Promise<{ filename: string; body: Readable }> {
    const { db } = this.deps;
    const filter = contactFilterOf(principal, q);
    const [defs, labels] = await Promise.all([
      attributesRepo.list(db, principal.accountId),
      db
        .selectFrom('labels')
        .select(['id', 'name'])
        .where('account_id', '=', principal.accountId)
        .execute(),
    ]);
    const labelNames = new Map(labels.map((l) => [l.id, l.name]));
    const keys = defs.map((d) => d.key);
    const page = (after?: ContactKey) =>
      contactsRepo.page(db, principal.accountId, filter, EXPORT_PAGE, after);
    // Read before anything is sent, so a failing query is still a clean error answer.
    const first = await page();
    const line = (c: ContactRow) => [
      exportPhone(c.phone),
      c.name,
      c.email ?? '',
      c.notes,
      c.labels
        .map((id) => labelNames.get(id) ?? '')
        .filter(Boolean)
        .join(', '),
      ...keys.map((k) => {
        const v = c.attributes[k];
        return v === undefined || v === null ? '' : String(v);
      }),
    ];
    async function* lines() {
      let rows = first;
      while (rows.length > 0) {
        for (const row of rows) yield line(row);
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_PAGE || !last) return;
        rows = await page({ name: last.sort_name, id: last.id });
      }
    }
    const today = this.deps.clock.now().toISOString().slice(0, 10);
    return {
      filename: `contacts-${today}.${q.format}`,
      body: writeSheet(q.format, [...EXPORT_COLUMNS, ...keys], lines()),
    };
  }
}
