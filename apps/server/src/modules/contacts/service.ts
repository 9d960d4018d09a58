import { MESSAGES, normalizePhone, type Contact, type ContactListQuery } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Caller } from '../auth/principal.js';
import { chatVisibleTo, contactPictureUrl } from '../conversations/index.js';
import type { StoredMedia } from '../media/index.js';
import { attributesRepo } from './attributes.repo.js';
import { contactsRepo, type ContactFilter, type ContactKey, type ContactRow } from './repo.js';
import { mergeRepo } from './merge.repo.js';
import { attributeMap, canonicalPhone } from './values.js';

const PHONE_UNIQUE = 'contacts_account_phone';

export interface ContactInput {
  name: string;
  phone?: string;
  email?: string;
  notes: string;
  attributes: Record<string, string>;
  labels: string[];
}
export type ContactPatch = {
  name?: string;
  phone?: string | null;
  email?: string | null;
  notes?: string;
  attributes?: Record<string, string>;
  labels?: string[];
};

/** The list filter of a list or export query, for this caller. */
export function contactFilterOf(
  principal: Caller,
  q: Omit<ContactListQuery, 'perpage' | 'startKey'>,
): ContactFilter {
  return {
    search: searchOf(q.searchText),
    channel: q.channel,
    label: q.label,
    groupId: q.groupId,
    archived: q.archived,
    visible: chatVisibleTo(viewerOf(principal)),
  };
}

/** A phone-like search matches the canonical phone ("0812…" finds "812…"); else lower-case. */
function searchOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (/^\+?[\d\s\-().]+$/.test(text) && /\d/.test(text)) {
    return normalizePhone(text) || text.replace(/\D/g, '');
  }
  return text.toLowerCase();
}

const encodeKey = (k: ContactKey) =>
  Buffer.from(JSON.stringify([k.name, k.id])).toString('base64url');
function decodeKey(raw: string): ContactKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      // A name with a NUL was never issued, and PostgreSQL cannot compare with it.
      !parsed[0].includes('\u0000') &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    )
      return { name: parsed[0], id: parsed[1] };
  } catch {
    // fall through to the validation error
  }
  throw badRequest('The startKey is not valid', 'VALIDATION', [
    { path: 'startKey', message: 'The startKey is not valid' },
  ]);
}

/** Rows of a page with their channels and groups, as the API shows them. */
export async function presentContacts(
  deps: Pick<Deps, 'db'>,
  principal: Caller,
  rows: ContactRow[],
): Promise<Contact[]> {
  const visible = chatVisibleTo(viewerOf(principal));
  const persons = [...new Set(rows.flatMap((r) => (r.person_id ? [r.person_id] : [])))];
  const members = await mergeRepo.members(deps.db, principal.accountId, persons);
  const partners = members.filter((m) => !rows.some((r) => r.id === m.id));
  const ids = [...rows.map((r) => r.id), ...new Set(partners.map((m) => m.id))];
  const [chats, groups] = await Promise.all([
    contactsRepo.channels(deps.db, principal.accountId, ids, visible),
    contactsRepo.groupIds(
      deps.db,
      rows.map((r) => r.id),
    ),
  ]);
  const channels = new Map<string, Contact['channels']>();
  const lastChat = new Map<string, Date>();
  for (const c of chats) {
    const list = channels.get(c.contact_id) ?? [];
    list.push({ channel: c.channel, identifier: c.identifier, chatId: c.chat_id });
    channels.set(c.contact_id, list);
    if (!lastChat.has(c.contact_id)) lastChat.set(c.contact_id, c.last_update);
  }
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    notes: r.notes,
    attributes: Object.fromEntries(
      Object.entries(r.attributes).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]),
    ),
    labels: r.labels,
    groupIds: groups.get(r.id) ?? [],
    channels: channels.get(r.id) ?? [],
    ...(r.picture_media_id ? { pictureUrl: contactPictureUrl(r.id, r.picture_media_id) } : {}),
    mergedWith: members
      .filter((m) => m.person_id === r.person_id && m.id !== r.id)
      .map((m) => ({
        _id: m.id,
        name: m.name,
        phone: m.phone,
        archived: m.archived_at !== null,
        channels: channels.get(m.id) ?? [],
      })),
    archived: r.archived_at !== null,
    lastChatAt: lastChat.get(r.id)?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** Contacts of the caller's account: list, read, create, edit, delete-or-archive. */
export class ContactsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'events'>) {}

  /**
   * Writes a contact and records its `contact.created` / `contact.updated` in the same
   * transaction (the outbound webhooks' outbox commits with the contact), then publishes it.
   * `write` answers the contact's id, or null when it is not the caller's.
   */
  private async writeAndAnnounce(
    type: 'contact.created' | 'contact.updated',
    principal: Caller,
    write: (trx: Db) => Promise<string | null>,
  ): Promise<Contact> {
    const { contact, event } = await this.deps.db.transaction().execute(async (trx) => {
      const id = await uniquePhone(() => write(trx));
      if (!id) throw notFound(MESSAGES.contactNotFound);
      const contact = await this.read(trx, principal, id);
      const c = contact;
      const event = {
        type,
        accountId: principal.accountId,
        contact: {
          id: c._id,
          name: c.name,
          phone: c.phone,
          channel: c.channels[0]?.channel ?? null,
        },
      };
      await this.deps.events.record(trx, event);
      return { contact, event };
    });
    this.deps.events.publish(event);
    return contact;
  }

  async list(
    principal: Caller,
    q: ContactListQuery,
  ): Promise<{ data: Contact[]; nextKey: string | null; total: number }> {
    const filter = contactFilterOf(principal, q);
    const after = q.startKey ? decodeKey(q.startKey) : undefined;
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      contactsRepo.page(db, principal.accountId, filter, q.perpage + 1, after),
      contactsRepo.count(db, principal.accountId, filter),
    ]);
    const page = rows.slice(0, q.perpage);
    const last = page[page.length - 1];
    return {
      data: await presentContacts(this.deps, principal, page),
      nextKey:
        rows.length > q.perpage && last ? encodeKey({ name: last.sort_name, id: last.id }) : null,
      total,
    };
  }

  async get(principal: Caller, id: string): Promise<Contact> {
    return this.read(this.deps.db, principal, id);
  }

  private async read(db: Db, principal: Caller, id: string): Promise<Contact> {
    const row = await contactsRepo.byId(db, principal.accountId, id);
    if (!row) throw notFound(MESSAGES.contactNotFound);
    const [contact] = await presentContacts({ db }, principal, [row]);
    if (!contact) throw notFound(MESSAGES.contactNotFound);
    return contact;
  }

  /** The contact's picture to serve; 404 when the contact is not the caller's or has none. */
  async picture(principal: Caller, id: string): Promise<StoredMedia> {
    const media = await contactsRepo.picture(this.deps.db, principal.accountId, id);
    if (!media) throw notFound('This contact has no picture');
    return media;
  }

  async create(principal: Caller, input: ContactInput): Promise<Contact> {
    const values = {
      name: input.name,
      phone: phoneOf(input.phone),
      email: input.email ? input.email : null,
      notes: input.notes,
      attributes: await this.attributes(principal, input.attributes),
      labels: await this.labels(principal, input.labels),
    };
    return this.writeAndAnnounce('contact.created', principal, (trx) =>
      contactsRepo.insert(trx, principal.accountId, values),
    );
  }

  async update(principal: Caller, id: string, patch: ContactPatch): Promise<Contact> {
    const values = {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.phone === undefined ? {} : { phone: phoneOf(patch.phone ?? undefined) }),
      ...(patch.email === undefined ? {} : { email: patch.email ? patch.email : null }),
      ...(patch.notes === undefined ? {} : { notes: patch.notes }),
      // The map replaces the stored one: the form sends every value it shows.
      ...(patch.attributes === undefined
        ? {}
        : { attributes: await this.attributes(principal, patch.attributes) }),
      ...(patch.labels === undefined ? {} : { labels: await this.labels(principal, patch.labels) }),
    };
    return this.writeAndAnnounce('contact.updated', principal, async (trx) =>
      (await contactsRepo.update(trx, principal.accountId, id, values, this.deps.clock.now()))
        ? id
        : null,
    );
  }

  /**
   * A contact without chats is deleted; one with chats is archived so its conversations keep
   * their customer. A chat arriving between the check and the delete trips the foreign key,
   * which also ends in an archive.
   */
  async remove(principal: Caller, id: string): Promise<{ outcome: 'deleted' | 'archived' }> {
    const { db } = this.deps;
    try {
      if (await contactsRepo.deleteIfChatless(db, principal.accountId, id))
        return { outcome: 'deleted' };
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
    }
    if (!(await contactsRepo.archive(db, principal.accountId, id, this.deps.clock.now())))
      throw notFound(MESSAGES.contactNotFound);
    return { outcome: 'archived' };
  }

  /** Brings an archived contact back into the list, with everything it had. */
  async restore(principal: Caller, id: string): Promise<Contact> {
    if (!(await contactsRepo.restore(this.deps.db, principal.accountId, id, this.deps.clock.now())))
      throw notFound(MESSAGES.contactNotFound);
    return this.get(principal, id);
  }

  private async attributes(
    principal: Caller,
    input: Record<string, string>,
  ): Promise<Record<string, string>> {
    if (Object.keys(input).length === 0) return {};
    const defs = await attributesRepo.list(this.deps.db, principal.accountId);
    const { values, issues } = attributeMap(new Map(defs.map((d) => [d.key, d])), input);
    const first = issues[0];
    if (first) throw badRequest(first.message, 'VALIDATION', issues);
    return values;
  }

  private async labels(principal: Caller, input: string[]): Promise<string[]> {
    const ids = [...new Set(input.map((id) => id.toLowerCase()))];
    const known = await contactsRepo.countLabels(this.deps.db, principal.accountId, ids);
    if (known !== ids.length)
      throw badRequest(MESSAGES.labelNotFound, 'LABEL_NOT_FOUND', [
        { path: 'labels', message: MESSAGES.labelNotFound },
      ]);
    return ids;
  }
}

function phoneOf(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const phone = canonicalPhone(raw);
  if (!phone)
    throw badRequest(MESSAGES.invalidPhone, 'INVALID_PHONE', [
      { path: 'phone', message: MESSAGES.invalidPhone },
    ]);
  return phone;
}

async function uniquePhone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, PHONE_UNIQUE))
      throw conflict(MESSAGES.contactPhoneTaken, 'CONTACT_PHONE_TAKEN');
    throw err;
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';
}
