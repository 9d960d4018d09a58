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
    const providerMessageId = `FAKE-${++this.counter}`;
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
  return { id };
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
