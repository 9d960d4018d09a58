import { describe, expect, it } from 'vitest';
import { envelope, inbound, status } from '../../test/whatsapp-fixtures.js';
import type { InboundMessage, StatusUpdate } from '../types.js';
import { parseWhatsappWebhook } from './parse.js';

const one = (payload: unknown) => {
  const { events } = parseWhatsappWebhook(payload);
  expect(events).toHaveLength(1);
  return events[0] as InboundMessage;
};

describe('parseWhatsappWebhook: message types (reference §2.2)', () => {
  it('text, with the profile name and Unix-seconds timestamp', () => {
    const m = one(
      inbound(
        { type: 'text', text: { body: 'Halo kak' } },
        { id: 'wamid.A', name: 'Ana', timestamp: 1697043223 },
      ),
    );
    expect(m).toMatchObject({
      kind: 'message',
      providerMessageId: 'wamid.A',
      msgType: 'text',
      text: 'Halo kak',
      from: { identifier: '6281234567890', name: 'Ana', phone: '6281234567890' },
    });
    expect(m.timestamp.toISOString()).toBe('2023-10-11T16:53:43.000Z');
  });

  it.each(['image', 'video', 'audio'] as const)(
    '%s with caption keeps the media reference',
    (type) => {
      const m = one(
        inbound({
          type,
          [type]: { id: 'MEDIA1', mime_type: 'x/y', sha256: 'abc', caption: 'look' },
        }),
      );
      expect(m.msgType).toBe(type);
      expect(m.text).toBe('look');
      expect(m.media).toEqual({
        providerMediaId: 'MEDIA1',
        mimeType: 'x/y',
        sha256: 'abc',
        filename: null,
      });
    },
  );

  it('document keeps its filename as attachmentName', () => {
    const m = one(
      inbound({
        type: 'document',
        document: { id: 'D1', mime_type: 'application/pdf', filename: 'invoice.pdf' },
      }),
    );
    expect(m).toMatchObject({
      msgType: 'document',
      attachmentName: 'invoice.pdf',
      media: { filename: 'invoice.pdf' },
    });
  });

  it('voice notes and stickers', () => {
    expect(
      one(inbound({ type: 'audio', audio: { id: 'A', mime_type: 'audio/ogg', voice: true } }))
        .payload,
    ).toMatchObject({ voice: true });
    const sticker = one(
      inbound({ type: 'sticker', sticker: { id: 'S', mime_type: 'image/webp', animated: false } }),
    );
    expect(sticker.msgType).toBe('image');
    expect(sticker.payload).toMatchObject({ sticker: true });
  });

  it('location', () => {
    const m = one(
      inbound({
        type: 'location',
        location: { latitude: -6.2, longitude: 106.8, name: 'Monas', address: 'Jakarta' },
      }),
    );
    expect(m.msgType).toBe('location');
    expect(m.text).toBe('Monas');
    expect(m.payload.location).toMatchObject({
      latitude: -6.2,
      longitude: 106.8,
      address: 'Jakarta',
    });
  });

  it('contacts', () => {
    const m = one(
      inbound({
        type: 'contacts',
        contacts: [
          { name: { formatted_name: 'Budi' }, phones: [{ phone: '+62 811', wa_id: '62811' }] },
        ],
      }),
    );
    expect(m.msgType).toBe('contacts');
    expect(m.text).toBe('Budi');
    expect((m.payload.contacts as unknown[]).length).toBe(1);
  });

  it('interactive button and list replies', () => {
    const b = one(
      inbound({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
      }),
    );
    expect(b).toMatchObject({
      msgType: 'button',
      text: 'Yes',
      payload: { reply: { id: 'yes', title: 'Yes' } },
    });
    const l = one(
      inbound({
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: { id: 'r1', title: 'Sales', description: 'Buy' },
        },
      }),
    );
    expect(l).toMatchObject({ msgType: 'listButton', text: 'Sales' });
  });

  it('template quick-reply button', () => {
    const m = one(
      inbound({ type: 'button', button: { payload: 'STOP', text: 'Stop promotions' } }),
    );
    expect(m).toMatchObject({
      msgType: 'button',
      text: 'Stop promotions',
      payload: { reply: { id: 'STOP' } },
    });
  });

  it('reactions become an information line naming the emoji', () => {
    const m = one(inbound({ type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '❤' } }));
    expect(m).toMatchObject({
      msgType: 'information',
      text: 'Reacted ❤ to a message',
      payload: { reaction: { targetProviderId: 'wamid.T' } },
    });
    expect(one(inbound({ type: 'reaction', reaction: { message_id: 'wamid.T' } })).text).toBe(
      'Removed a reaction',
    );
  });

  it('replies, forwards and ad referrals', () => {
    const m = one(
      inbound({
        type: 'text',
        text: { body: 'this one' },
        context: { from: '1555', id: 'wamid.ORIG', forwarded: true },
        referral: { source_url: 'https://fb.me/ad', headline: 'Promo', source_type: 'ad' },
      }),
    );
    expect(m.replyToProviderId).toBe('wamid.ORIG');
    expect(m.payload).toMatchObject({ forwarded: true, referral: { headline: 'Promo' } });
  });

  it('system and unsupported messages stay understandable', () => {
    expect(
      one(
        inbound({
          type: 'system',
          system: { body: 'Ana changed number', type: 'user_changed_number' },
        }),
      ).text,
    ).toBe('Ana changed number');
    const u = one(
      inbound({ type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] }),
    );
    expect(u.msgType).toBe('information');
    expect(u.text).toContain('unsupported');
  });
});

describe('parseWhatsappWebhook: statuses (reference §2.3)', () => {
  it('sent, delivered and read', () => {
    for (const s of ['sent', 'delivered', 'read'] as const) {
      const e = parseWhatsappWebhook(status('wamid.S', s)).events[0] as StatusUpdate;
      expect(e).toMatchObject({
        kind: 'status',
        providerMessageId: 'wamid.S',
        status: s,
        error: null,
      });
    }
  });

  it('failed keeps the code and details', () => {
    const e = parseWhatsappWebhook(
      status('wamid.F', 'failed', {
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            error_data: { details: 'More than 24 hours' },
          },
        ],
      }),
    ).events[0] as StatusUpdate;
    expect(e.error).toEqual({
      code: 131047,
      title: 'Re-engagement message',
      message: 'More than 24 hours',
    });
  });

  it('ignores played and unknown statuses, system errors and other fields', () => {
    const r = parseWhatsappWebhook(status('wamid.P', 'played' as 'read'));
    expect(r.events).toHaveLength(0);
    expect(
      parseWhatsappWebhook(envelope({ errors: [{ code: 131000, message: 'boom' }] })).ignored[0]
        ?.reason,
    ).toContain('131000');
    const other = {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'message_template_status_update', value: {} }] }],
    };
    expect(parseWhatsappWebhook(other).ignored[0]?.reason).toContain(
      'message_template_status_update',
    );
  });

  it('loops over every entry and change of a batch', () => {
    const a = inbound({ type: 'text', text: { body: 'a' } });
    const b = status('wamid.X', 'read');
    const batch = {
      object: 'whatsapp_business_account',
      entry: [...a.entry, ...b.entry, ...a.entry],
    };
    expect(parseWhatsappWebhook(batch).events).toHaveLength(3);
  });

  it('survives garbage', () => {
    expect(parseWhatsappWebhook(null).events).toEqual([]);
    expect(parseWhatsappWebhook({ entry: 'x' }).events).toEqual([]);
  });
});
