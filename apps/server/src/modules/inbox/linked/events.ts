import type { Deps } from '../../../deps.js';
import type { NeutralEvent, Party } from '../../../channels/port.js';
import { ingestEvents, type IngestResult } from '../ingest.service.js';
import { isGroup, resolveIdentities } from './identities.js';

/** The channel row a linked number's events are stored under. */
export interface LinkedChannel {
  id: string;
  externalId: string;
  includeGroups: boolean;
}

export async function loadLinkedChannel(deps: Deps, channelId: string): Promise<LinkedChannel> {
  const row = await deps.db
    .selectFrom('channels')
    .select(['id', 'external_id', 'include_groups'])
    .where('id', '=', channelId)
    .where('provider', '=', 'whatsapp_basic')
    .executeTakeFirstOrThrow();
  return { id: row.id, externalId: row.external_id, includeGroups: row.include_groups };
}

/** The customer an event names, if it names one. */
function partyOf(e: NeutralEvent): Party | null {
  return e.kind === 'message' ||
    e.kind === 'reaction' ||
    e.kind === 'receipt' ||
    e.kind === 'unsent'
    ? e.customer
    : null;
}

/**
 * A session's messages, receipts and reactions into the same ingest as the webhooks' (stored once
 * by WhatsApp's message id, the same events, routing, tickets and billing). On the way: every
 * event is filed under the channel row whatever the driver called it; groups are dropped unless
 * the channel takes them; a customer named by `@lid` or by phone reaches the one chat they
 * already have; in a group the chat is the group (its subject the name; who wrote each message
 * is `payload.groupSender`), and a reaction or receipt there never renames it; and messages that arrived while Sapa was not connected (`caught_up`) are marked
 * `payload.caughtUp` so the inbox can say so. Ingest sorts by timestamp, so an offer of history
 * lands in the order it was written; an offer made twice adds nothing the second time.
 */
export async function ingestSessionEvents(
  deps: Deps,
  channel: LinkedChannel,
  origin: 'live' | 'caught_up',
  events: NeutralEvent[],
): Promise<IngestResult> {
  const kept = events.filter((e) => {
    const party = partyOf(e);
    return !party || channel.includeGroups || !isGroup(party.identifier);
  });
  const identities = await resolveIdentities(
    deps.db,
    channel.id,
    kept.flatMap((e) => partyOf(e)?.identifier ?? []),
  );
  const filed = kept.map((e): NeutralEvent => {
    const base = { ...e, channelExternalId: channel.externalId };
    const party = partyOf(e);
    const known = party && identities.get(party.identifier);
    const customer = known
      ? { ...party, identifier: known.identifier, phone: party.phone ?? known.phone }
      : null;
    if (base.kind === 'message')
      return {
        ...base,
        ...(customer ? { customer } : {}),
        payload: origin === 'caught_up' ? { ...base.payload, caughtUp: true } : base.payload,
      };
    if (base.kind === 'reaction' || base.kind === 'receipt' || base.kind === 'unsent') {
      const who = customer ?? base.customer;
      // A participant's reaction in a group names the participant, not the group's subject.
      return { ...base, customer: isGroup(who.identifier) ? { ...who, name: '' } : who };
    }
    return base;
  });
  return ingestEvents(deps, 'whatsapp_basic', filed);
}
