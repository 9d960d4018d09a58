import { normalizePhone } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';

/**
 * A linked number's customers, named by WhatsApp either by phone (`<digits>`) or, more and more,
 * by an `@lid` identity (`<digits>@lid`) that may later map to a phone. A chat keeps the
 * identifier it was created with; once WhatsApp maps a LID to a phone, either name reaches that
 * one chat, so a customer never splits into two conversations.
 */
export const isLid = (identifier: string): boolean => identifier.endsWith('@lid');

/** Group chats (`…@g.us`): ignored unless the channel turned them on. */
export const isGroup = (identifier: string): boolean => identifier.endsWith('@g.us');

/** Keeps the mapping and gives the LID's chat its phone (when no other contact has it). */
export async function recordIdentity(
  db: Db,
  channelId: string,
  lid: string,
  phone: string,
): Promise<void> {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return;
  await db
    .insertInto('linked_identities')
    .values({ channel_id: channelId, lid, phone: digits })
    .onConflict((oc) => oc.columns(['channel_id', 'lid']).doUpdateSet({ phone: digits }))
    .execute();
  const chat = await db
    .selectFrom('chats')
    .select(['account_id', 'contact_id'])
    .where('channel_id', '=', channelId)
    .where('identifier', '=', lid)
    .executeTakeFirst();
  if (!chat?.contact_id) return;
  const canonical = normalizePhone(digits);
  if (!canonical) return;
  // The contact learns the number only if it has none and no other contact of the account does
  // (contacts are one per phone; merging two people's histories is an admin's decision).
  await db
    .updateTable('contacts')
    .set({ phone: canonical })
    .where('id', '=', chat.contact_id)
    .where('account_id', '=', chat.account_id)
    .where('phone', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contacts as other')
            .select('other.id')
            .where('other.account_id', '=', chat.account_id)
            .where('other.phone', '=', canonical),
        ),
      ),
    )
    .execute();
}

/**
 * The identifier to store each of these customers' events under: the one that already has a
 * chat on this channel (the given one first, then its alias), else the given one. `phone` is the
 * number when the mapping knows it.
 */
export async function resolveIdentities(
  db: Db,
  channelId: string,
  identifiers: string[],
): Promise<Map<string, { identifier: string; phone: string | null }>> {
  const resolved = new Map<string, { identifier: string; phone: string | null }>();
  const distinct = [...new Set(identifiers)];
  if (distinct.length === 0) return resolved;
  const lids = distinct.filter(isLid);
  const phones = distinct.filter((i) => !isLid(i));
  const mappings =
    lids.length || phones.length
      ? await db
          .selectFrom('linked_identities')
          .select(['lid', 'phone'])
          .where('channel_id', '=', channelId)
          .where((eb) =>
            eb.or([
              ...(lids.length ? [eb('lid', 'in', lids)] : []),
              ...(phones.length ? [eb('phone', 'in', phones)] : []),
            ]),
          )
          .execute()
      : [];
  const aliasOf = new Map<string, string>();
  for (const m of mappings) {
    aliasOf.set(m.lid, m.phone);
    aliasOf.set(m.phone, m.lid);
  }
  const candidates = [...new Set([...distinct, ...aliasOf.values()])];
  const withChat = new Set(
    (
      await db
        .selectFrom('chats')
        .select('identifier')
        .where('channel_id', '=', channelId)
        .where('identifier', 'in', candidates)
        .execute()
    ).map((r) => r.identifier),
  );
  for (const id of distinct) {
    const alias = aliasOf.get(id) ?? null;
    const identifier = withChat.has(id) || !alias || !withChat.has(alias) ? id : alias;
    const phone = isLid(id) ? alias : id.replace(/\D/g, '') || null;
    resolved.set(id, { identifier, phone });
  }
  return resolved;
}
