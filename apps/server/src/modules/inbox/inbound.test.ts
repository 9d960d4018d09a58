import { describe, expect, it } from 'vitest';
import { parseWhatsappNeutral } from '../../channels/whatsapp-cloud/neutral.js';
import { parseWhatsappWebhook } from '../../channels/whatsapp-cloud/parse.js';
import type { ChannelEvent } from '../../channels/types.js';
import { inbound, status, text } from '../../test/whatsapp-fixtures.js';
import { toInboxEvents } from './inbound.js';

/** The older parse's shape plus what the inbox now asks of an error: its neutral kind. */
const withKind = (e: ChannelEvent) =>
  e.kind === 'status'
    ? { ...e, callbackData: e.callbackData ?? null, windowClosed: e.error?.code === 131047 }
    : e;

describe('ingest reads neutral events', () => {
  const RECEIVED = new Date('2026-05-10T12:00:00.000Z');

  it('stores from WhatsApp’s neutral events exactly what it stored before', () => {
    const bodies = [
      text('Halo'),
      inbound({
        type: 'image',
        image: { id: 'M1', mime_type: 'image/jpeg', sha256: 'h', caption: 'c' },
      }),
      inbound({ type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '👍' } }),
      inbound({ type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '' } }),
      inbound({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'y', title: 'Yes' } },
      }),
      inbound({ type: 'location', location: { latitude: 1, longitude: 2 } }),
      inbound({ type: 'unsupported', errors: [{ code: 131051 }] }),
      status('wamid.S', 'delivered'),
      status('wamid.F', 'failed', {
        errors: [{ code: 131047, title: 'Re-engagement', message: 'm' }],
      }),
    ];
    for (const body of bodies) {
      const { inbox, other } = toInboxEvents(parseWhatsappNeutral(body, RECEIVED).events);
      expect(other).toEqual([]);
      expect(inbox).toEqual(parseWhatsappWebhook(body).events.map(withKind));
    }
  });
});
