import type { Deps } from '../../../deps.js';
import type { OutboundMessage } from '../../../channels/port.js';
import type { ConnectorSession, SessionEvent } from '../../../channels/whatsapp-basic/connector.js';
import { outgoingOf } from '../jobs/send-message.job.js';
import { ingestSessionEvents, loadLinkedChannel } from './events.js';
import { recordIdentity } from './identities.js';
import { LinkedOutbox, type OutboxOptions } from './outbox.js';
import type { SendFence } from './repo.js';

/** What the supervisor (c20) wires into a session it opens for a number it owns. */
export interface LinkedAttachment {
  /** Every SessionEvent, in order, awaited before the driver acknowledges anything. */
  onEvent(event: SessionEvent): Promise<void>;
  /** SessionOptions.sentMessage: a message Sapa sent, by WhatsApp's id, for a retry request. */
  sentMessage(providerMessageId: string): Promise<OutboundMessage | null>;
  /** The session ended here (shutdown, lease lost, logged out): stop sending through it. */
  detach(): Promise<void>;
  /** The number's outbox (tests drain it by hand). */
  readonly outbox: LinkedOutbox;
}

/**
 * Ties one owned session to the inbox: its events go to ingest, its number's queued messages go
 * out through it (paced, each at most once), and the whatsapp_basic port finds it for read
 * receipts and files while it is open. `session` is a getter because the supervisor creates the
 * session with these hooks: it is read only once the session reports being open. `fence` is the
 * lease the session runs under: sends are claimed and made only while it holds. Throws when the
 * channel is not a linked number's.
 */
export async function attachLinkedSession(
  deps: Deps,
  channelId: string,
  session: () => ConnectorSession,
  fence: SendFence,
  options: Partial<OutboxOptions> = {},
): Promise<LinkedAttachment> {
  // Throws here, before anything starts, when the channel is not a linked number's.
  await loadLinkedChannel(deps, channelId);
  const outbox = new LinkedOutbox(deps, channelId, fence, options);
  outbox.start();
  let held: ConnectorSession | null = null;

  return {
    outbox,
    async onEvent(event) {
      if (event.kind === 'open') {
        held = session();
        deps.channels.linked.set(channelId, held);
        outbox.setOpen(true);
      } else if (event.kind === 'close') {
        outbox.setOpen(false);
      } else if (event.kind === 'events') {
        // The channel row is read with every batch (one primary-key read beside the batch's
        // writes): the admin's group-chats switch applies from the next message on, in this
        // process, whichever process served the request.
        const result = await ingestSessionEvents(
          deps,
          await loadLinkedChannel(deps, channelId),
          event.origin,
          event.events,
        );
        if (result.stored > 0) outbox.wake();
      } else if (event.kind === 'identity') {
        await recordIdentity(deps.db, channelId, event.lid, event.phone);
      }
    },
    async sentMessage(providerMessageId) {
      const msg = await deps.db
        .selectFrom('messages as m')
        .innerJoin('chats as c', 'c.id', 'm.chat_id')
        .leftJoin('media as md', 'md.id', 'm.media_id')
        .select([
          'm.payload',
          'm.text',
          'm.msg_type',
          'm.attachment_name',
          'm.reply_to_provider_id',
          'c.identifier',
          'md.storage_key',
          'md.mime_type',
          'md.filename',
          'md.size_bytes',
        ])
        .where('m.channel_id', '=', channelId)
        .where('m.provider_message_id', '=', providerMessageId)
        .where('m.from_me', '=', true)
        .executeTakeFirst();
      return msg ? outgoingOf(msg) : null;
    },
    async detach() {
      outbox.setOpen(false);
      await outbox.stop();
      if (held) deps.channels.linked.delete(channelId, held);
    },
  };
}
