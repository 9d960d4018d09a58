import type { Deps } from '../../../deps.js';
import { recordWanted } from '../interest.js';
import type { OutboxEvent } from '../outbox.js';

/**
 * Events the spine awaits before the provider's webhook is answered: the outbox rows are written
 * before that answer. A failure here is logged, never thrown: the message is already stored, so a
 * redelivered webhook would be a duplicate and bring nothing back. The repair sweep (sweep.ts)
 * writes a `message.received` missed here, or by a crash, from the stored messages.
 */
export function listenToAwaited(deps: Deps): void {
  const safe = (what: string, work: () => Promise<unknown>) =>
    work().catch((err: unknown) => deps.log.error({ err }, `webhook ${what} not queued`));

  deps.events.on('message.received', async ({ chat, message, customerId }) => {
    await safe('message.received', async () => {
      const now = deps.clock.now();
      // A chat with one unread message may be new: its chat.created goes first (once, by its
      // dedupe key); a chat an agent or the API started is "created" at the customer's first word.
      const events: OutboxEvent[] = [];
      if (chat.unread_count <= 1)
        events.push({
          accountId: chat.account_id,
          type: 'chat.created',
          chatId: chat.id,
          at: message.sent_at,
          dedupeKey: `chat.created:${chat.id}`,
          data: {
            channelId: chat.channel_id,
            channel: chat.channel,
            contactId: chat.contact_id,
            customerId,
            name: chat.name || chat.identifier,
          },
        });
      events.push(receivedEvent(chat, message, customerId));
      await recordWanted(deps, deps.db, events, now);
    });
  });

  deps.events.on('csat.received', async (e) => {
    await safe('csat.received', () =>
      recordWanted(
        deps,
        deps.db,
        [
          {
            accountId: e.accountId,
            type: 'csat.received',
            chatId: e.chatId,
            at: e.answeredAt,
            dedupeKey: `csat.received:${e.surveyId}`,
            data: {
              surveyId: e.surveyId,
              ticketId: e.ticketId,
              agentId: e.agentId,
              rating: e.rating,
              comment: e.comment,
            },
          },
        ],
        deps.clock.now(),
      ),
    );
  });

  deps.events.on('template.status', async ({ changes }) => {
    await safe('template.status', async () => {
      const now = deps.clock.now();
      for (const c of changes) {
        const owners = await deps.db
          .selectFrom('templates')
          .select('account_id')
          .distinct()
          .where('provider_template_id', '=', c.providerTemplateId)
          .execute();
        for (const { account_id } of owners)
          await recordWanted(
            deps,
            deps.db,
            [
              {
                accountId: account_id,
                type: 'template.status',
                at: c.timestamp,
                dedupeKey: `template.status:${c.providerTemplateId}:${c.event}:${c.timestamp.toISOString()}`,
                data: {
                  templateName: c.name,
                  language: c.language,
                  providerTemplateId: c.providerTemplateId,
                  status: c.event,
                  reason: c.reason,
                },
              },
            ],
            now,
          );
      }
    });
  });
}

export function receivedEvent(
  chat: { id: string; account_id: string; channel_id: string; channel: string; name: string },
  message: {
    id: number | string;
    provider_message_id: string | null;
    msg_type: string;
    text: string;
    media_id: string | null;
    sent_at: Date;
  },
  customerId: string,
) {
  return {
    accountId: chat.account_id,
    type: 'message.received' as const,
    chatId: chat.id,
    at: message.sent_at,
    dedupeKey: `message.received:${message.id}`,
    data: {
      channelId: chat.channel_id,
      channel: chat.channel,
      messageId: String(message.id),
      providerMessageId: message.provider_message_id,
      from: {
        id: customerId,
        name: chat.name,
        phone: /^\d+$/.test(customerId) ? customerId : null,
      },
      type: message.msg_type,
      text: message.text,
      mediaId: message.media_id,
      at: message.sent_at.toISOString(),
    },
  };
}
