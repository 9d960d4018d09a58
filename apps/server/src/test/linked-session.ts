import { randomUUID } from 'node:crypto';
import type {
  FetchedMedia,
  InboundMediaRef,
  MessageEvent,
  OutboundMessage,
} from '../channels/port.js';
import { ProviderError } from '../channels/errors.js';
import type { ConnectorSession } from '../channels/whatsapp-basic/connector.js';
import { sealChannelConfig } from '../channels/sealed-config.js';
import type { TestContext } from './harness.js';
import { leases, type Lease } from '../modules/whatsapp-basic/lease.js';
import { attachLinkedSession, type LinkedAttachment } from '../modules/inbox/linked/session.js';
import type { OutboxOptions } from '../modules/inbox/linked/outbox.js';

/**
 * A stand-in for a linked number's session (the connector port), for the inbox's tests until the
 * sandbox driver lands: it records what Sapa sent and read, serves inbound files, and can be told
 * how its next send goes (refused for now, refused for good, or lost after reaching WhatsApp).
 */
export class FakeLinkedSession implements ConnectorSession {
  readonly sent: { providerMessageId: string; message: OutboundMessage; at: number }[] = [];
  readonly read: { customer: string; ids: string[] }[] = [];
  readonly files = new Map<string, FetchedMedia>();
  next: 'ok' | 'retryable' | 'permanent' | 'lost' = 'ok';
  private counter = 0;
  private readonly prefix = randomUUID().slice(0, 8);

  constructor(private readonly now: () => number = () => Date.now()) {}

  async start(): Promise<void> {}
  async requestPairingCode(): Promise<string> {
    return 'ABCD-EFGH';
  }

  async send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: Date }> {
    const outcome = this.next;
    this.next = 'ok';
    if (outcome === 'retryable')
      throw new ProviderError(
        { code: null, title: 'Not connected', message: 'The session is reconnecting' },
        true,
        null,
        'temporarily_unavailable',
      );
    if (outcome === 'permanent')
      throw new ProviderError(
        { code: 404, title: 'Not on WhatsApp', message: 'This number is not on WhatsApp' },
        false,
        null,
        'recipient_invalid',
      );
    // Unique across sessions: several "processes" send on one number in the lease tests.
    const providerMessageId = `FAKE-${this.prefix}-${++this.counter}`;
    this.sent.push({ providerMessageId, message, at: this.now() });
    // Reached WhatsApp, then the answer was lost (a timeout, a dropped socket).
    if (outcome === 'lost') throw new Error('socket closed before the ack');
    return { providerMessageId, timestamp: new Date(this.now()) };
  }

  async markRead(customer: string, ids: string[]): Promise<void> {
    this.read.push({ customer, ids });
  }

  async fetchMedia(media: InboundMediaRef): Promise<FetchedMedia> {
    const id = media.source === 'provider_id' ? media.providerMediaId : media.url;
    const file = this.files.get(id);
    if (!file)
      throw new ProviderError(
        { code: 410, title: 'Gone', message: 'The file is no longer on WhatsApp' },
        false,
        null,
        'invalid_request',
      );
    return file;
  }

  async logout(): Promise<void> {}
  async end(): Promise<void> {}
}

/** A linked number's channel row, as linking creates it (external id = its own id). */
export async function createLinkedChannel(
  ctx: TestContext,
  accountId: string,
  opts: { includeGroups?: boolean } = {},
): Promise<{ id: string }> {
  const id = randomUUID();
  await ctx.deps.db
    .insertInto('channels')
    .values({
      id,
      account_id: accountId,
      name: 'WhatsApp (linked)',
      channel: 'whatsapp_basic',
      provider: 'whatsapp_basic',
      external_id: id,
      display_phone_number: '6281100000099',
      config_sealed: sealChannelConfig(ctx.deps.secrets, ctx.deps.channels.port('whatsapp_basic'), {
        channelId: id,
      }),
      include_groups: opts.includeGroups ?? false,
    })
    .execute();
  // Its session row (the lease hangs off it), as a linked phone leaves it.
  await ctx.deps.db
    .insertInto('wabasic_sessions')
    .values({ channel_id: id, account_id: accountId, state: 'connected' })
    .execute();
  return { id };
}

/**
 * Takes the number's lease for `owner` as a supervisor would, for a minute (the inbox sends only
 * under a live lease): an expired one is taken over, with the next epoch.
 */
export async function leaseLinked(
  ctx: TestContext,
  channelId: string,
  owner = 'test-process',
): Promise<Lease> {
  const lease = await leases.acquire(ctx.deps.db, channelId, owner, 60_000);
  if (!lease) throw new Error(`the lease of ${channelId} is held by another process`);
  return lease;
}

/** Ends the lease now (what a killed owner's lease comes to once it expires). */
export async function expireLease(ctx: TestContext, channelId: string): Promise<void> {
  await ctx.deps.db
    .updateTable('wabasic_leases')
    .set({ expires_at: new Date(Date.now() - 1_000) })
    .where('channel_id', '=', channelId)
    .execute();
}

/** A customer's text message as a session hands it over. */
export function customerText(
  channelId: string,
  opts: { id: string; from: string; text: string; at: Date; name?: string; phone?: string | null },
): MessageEvent {
  return {
    kind: 'message',
    channelExternalId: channelId,
    timestamp: opts.at,
    direction: 'incoming',
    origin: 'customer',
    appId: null,
    customer: {
      identifier: opts.from,
      name: opts.name ?? 'Budi',
      phone: opts.phone === undefined ? opts.from.replace(/\D/g, '') : opts.phone,
    },
    providerMessageId: opts.id,
    msgType: 'text',
    text: opts.text,
    payload: { text: { body: opts.text } },
    attachmentName: null,
    media: null,
    replyToProviderId: null,
  };
}

/**
 * The inbox attached to a session under `lease` and told the session is open, as the supervisor
 * does once WhatsApp connects the shop's number (+6281100000099, "Toko").
 */
export async function attachOpened(
  ctx: TestContext,
  channelId: string,
  session: () => ConnectorSession,
  lease: Lease,
  options: Partial<OutboxOptions> = {},
  firstLink = false,
): Promise<LinkedAttachment> {
  const hooks = await attachLinkedSession(ctx.deps, channelId, session, lease, options);
  await hooks.onEvent({
    kind: 'open',
    account: { phone: '6281100000099', name: 'Toko', lid: null },
    firstLink,
  });
  return hooks;
}
