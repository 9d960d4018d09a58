import {
  CONTACT_IMPORT_LIMITS,
  CONTACT_REASONS,
  MESSAGES,
  validationMessage as vm,
  type ContactImportPreview,
} from '@sapa/contracts';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Deps } from '../../deps.js';
import type { ImportRejected, ImportRow } from '../../db/schema-contacts.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { readSheet, type ParsedSheet } from '../../lib/sheets/read-sheet.js';
import { attributesRepo } from './attributes.repo.js';
import { importRepo } from './import.repo.js';
import { writeSheet, type SheetFormat } from './sheet-writer.js';
import { attributeValue, canonicalPhone, fillReason, isEmail } from './values.js';

type Field = 'phone' | 'name' | 'email' | 'notes' | 'labels';
// Headers people actually write, in English and Indonesian, for the built-in fields.
const ALIASES: Record<string, Field> = {
  phone: 'phone',
  'phone number': 'phone',
  telepon: 'phone',
  'no hp': 'phone',
  whatsapp: 'phone',
  name: 'name',
  nama: 'name',
  email: 'email',
  notes: 'notes',
  note: 'notes',
  catatan: 'notes',
  labels: 'labels',
  label: 'labels',
};
const SAMPLE_ROWS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Contact import: parse and check a file into a stored preview, then commit it at once. */
export class ContactImportService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async preview(
    principal: Principal,
    file: { bytes: Buffer; filename: string },
  ): Promise<ContactImportPreview> {
    const sheet = await readSheet(file.bytes, {
      maxRows: CONTACT_IMPORT_LIMITS.maxRows,
      tooManyRows: () =>
        badRequest(
          fillReason(CONTACT_REASONS.tooManyRows, { max: String(CONTACT_IMPORT_LIMITS.maxRows) }),
          'IMPORT_TOO_MANY_ROWS',
        ),
    });
    const { db } = this.deps;
    const [defs, labels] = await Promise.all([
      attributesRepo.list(db, principal.accountId),
      db
        .selectFrom('labels')
        .select(['id', 'name'])
        .where('account_id', '=', principal.accountId)
        .execute(),
    ]);
    const labelIds = new Map(labels.map((l) => [l.name.trim().toLowerCase(), l.id]));
    const { rows, rejected } = await checkRows(
      sheet,
      new Map(defs.map((d) => [d.key, d])),
      labelIds,
    );
    const existing = await importRepo.existingPhones(
      db,
      principal.accountId,
      rows.map((r) => r.phone),
    );
    const now = this.deps.clock.now();
    const importId = await importRepo.save(db, principal.accountId, {
      createdBy: principal.userId,
      filename: file.filename,
      columns: sheet.columns,
      rows,
      rejected,
      expiresAt: new Date(now.getTime() + CONTACT_IMPORT_LIMITS.previewHours * 3_600_000),
      now,
    });
    const labelNames = new Map(labels.map((l) => [l.id, l.name]));
    return {
      importId,
      filename: file.filename,
      columns: sheet.columns,
      totalRows: sheet.rows.length,
      validRows: rows.length,
      mergeRows: rows.filter((r) => existing.has(r.phone)).length,
      sample: rows.slice(0, SAMPLE_ROWS).map((r) => ({
        phone: r.phone,
        name: r.name,
        email: r.email,
        notes: r.notes,
        labels: r.labels.map((id) => labelNames.get(id) ?? '').join(', '),
        ...r.attributes,
      })),
      rejected,
    };
  }

  /** Every valid row in one transaction: a failure anywhere leaves the contacts untouched. */
  async commit(
    principal: Principal,
    body: { importId: string; groupId?: string },
  ): Promise<{ created: number; merged: number; rejected: number }> {
    if (!UUID.test(body.importId)) throw notFound(MESSAGES.importExpired);
    const now = this.deps.clock.now();
    const { accountId } = principal;
    if (body.groupId && !(await importRepo.groupExists(this.deps.db, accountId, body.groupId)))
      throw notFound(MESSAGES.contactGroupNotFound);
    return this.deps.db.transaction().execute(async (trx) => {
      // Locked and marked in the same transaction, so a double click commits once.
      const record = await importRepo.open(trx, accountId, body.importId, now, {
        forUpdate: true,
        uncommitted: true,
      });
      if (!record) throw notFound(MESSAGES.importExpired);
      const defs = new Set((await attributesRepo.list(trx, accountId)).map((d) => d.key));
      const rows = record.rows.map((r) => ({
        ...r,
        attributes: Object.fromEntries(Object.entries(r.attributes).filter(([k]) => defs.has(k))),
      }));
      const written = await importRepo.upsert(trx, accountId, rows, now);
      if (body.groupId)
        await importRepo.addToGroup(
          trx,
          body.groupId,
          written.map((w) => w.id),
          now,
        );
      await importRepo.markCommitted(trx, record.id, now);
      const created = written.filter((w) => w.created).length;
      return { created, merged: written.length - created, rejected: record.rejected.length };
    });
  }

  /** The refused rows as the file had them, plus why, to fix and upload again. */
  async rejectedFile(
    principal: Principal,
    importId: string,
    format: SheetFormat,
  ): Promise<{ filename: string; body: Readable }> {
    const record = await importRepo.open(
      this.deps.db,
      principal.accountId,
      importId,
      this.deps.clock.now(),
    );
    if (!record) throw notFound(MESSAGES.importExpired);
    const columns = [...record.columns.filter((c) => c !== ''), 'reason'];
    async function* lines() {
      for (const r of record?.rejected ?? []) {
        yield [...columns.slice(0, -1).map((c) => r.values[c] ?? ''), r.reason];
      }
    }
    return { filename: `rejected-contacts.${format}`, body: writeSheet(format, columns, lines()) };
  }
}

/**
 * Checks every row: phone canonical and valid, email, labels by name, typed attributes; rows of
 * the same phone merge into the first (later non-empty values win), as the commit would merge
 * them with an existing contact.
 */
export async function checkRows(
  sheet: ParsedSheet,
  defs: ReadonlyMap<string, { key: string; type: 'text' | 'number' | 'date' | 'boolean' }>,
  labelIds: ReadonlyMap<string, string>,
): Promise<{ rows: ImportRow[]; rejected: ImportRejected[] }> {
  const fieldAt = new Map<Field, number>();
  const attrAt = new Map<string, number>();
  sheet.columns.forEach((header, i) => {
    const lower = header.trim().toLowerCase();
    const field = ALIASES[lower];
    if (field && !fieldAt.has(field)) fieldAt.set(field, i);
    else if (defs.has(lower) && !attrAt.has(lower)) attrAt.set(lower, i);
  });
  const phoneAt = fieldAt.get('phone');
  if (phoneAt === undefined)
    throw badRequest(MESSAGES.importNoPhoneColumn, 'IMPORT_NO_PHONE_COLUMN');

  const byPhone = new Map<string, ImportRow>();
  const rejected: ImportRejected[] = [];
  let done = 0;
  for (const { row, cells } of sheet.rows) {
    // 50,000 phone numbers take a while to check: let other requests in meanwhile.
    if (++done % 1_000 === 0) await nextTurn();
    const cell = (i: number | undefined) => (i === undefined ? '' : (cells[i] ?? '').trim());
    const reject = (reason: string) =>
      rejected.push({
        row,
        reason,
        values: Object.fromEntries(sheet.columns.map((c, i) => [c, cells[i] ?? ''])),
      });
    const rawPhone = cell(phoneAt);
    if (rawPhone === '') {
      reject(CONTACT_REASONS.phoneEmpty);
      continue;
    }
    const phone = canonicalPhone(rawPhone);
    if (!phone) {
      reject(MESSAGES.invalidPhone);
      continue;
    }
    const name = cell(fieldAt.get('name'));
    const email = cell(fieldAt.get('email'));
    const notes = cell(fieldAt.get('notes'));
    if (name.length > 120) {
      reject(vm.max('name', 120));
      continue;
    }
    if (notes.length > 2000) {
      reject(vm.max('notes', 2000));
      continue;
    }
    if (email !== '' && (email.length > 254 || !isEmail(email))) {
      reject(CONTACT_REASONS.emailInvalid);
      continue;
    }
    const labels: string[] = [];
    let reason: string | null = null;
    for (const labelName of cell(fieldAt.get('labels')).split(/[,;|]/)) {
      const wanted = labelName.trim().toLowerCase();
      if (wanted === '') continue;
      const id = labelIds.get(wanted);
      if (!id) {
        reason = fillReason(CONTACT_REASONS.unknownLabel, { name: labelName.trim() });
        break;
      }
      labels.push(id);
    }
    const attributes: Record<string, string> = {};
    for (const [key, i] of attrAt) {
      const raw = cell(i);
      const def = defs.get(key);
      if (raw === '' || !def || reason) continue;
      const checked = attributeValue(def, raw.slice(0, 500));
      if ('reason' in checked) reason = checked.reason;
      else attributes[key] = checked.value;
    }
    if (reason) {
      reject(reason);
      continue;
    }
    const earlier = byPhone.get(phone);
    if (!earlier) {
      byPhone.set(phone, { row, phone, name, email, notes, labels, attributes });
      continue;
    }
    earlier.name = name || earlier.name;
    earlier.email = email || earlier.email;
    earlier.notes = notes || earlier.notes;
    earlier.labels = [...new Set([...earlier.labels, ...labels])];
    earlier.attributes = { ...earlier.attributes, ...attributes };
  }
  return { rows: [...byPhone.values()], rejected };
}
