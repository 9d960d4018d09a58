import { describe, expect, it } from 'vitest';
import type {
  MessageEvent,
  ReactionEvent,
  StatusEvent,
} from '../../../apps/server/src/channels/port.js';
import type { SessionEvent } from '../../../apps/server/src/channels/whatsapp-basic/connector.js';
import {
  closeReasonOf,
  decodeMediaHandle,
  identityOfMapping,
  messagesToSessionEvents,
  reactionsToEvents,
  receiptsToEvents,
  statusCodeOf,
  updatesToEvents,
  upsertOrigin,
  type MapContext,
} from './events.js';
import fixtures from './fixtures/events.json' with { type: 'json' };
import type { WaMessage, WaMessageUpdate, WaReaction, WaReceiptUpdate } from './shapes.js';

const CHANNEL = '7d1c1c4e-0000-4000-8000-000000000001';
const ctx = (over: Partial<MapContext> = {}): MapContext => ({
  channelId: CHANNEL,
  includeGroups: false,
  sentBySapa: (id) => id === '3EB0SAPA0000000000BB',
  ...over,
});
const NOW = new Date('2026-11-26T10:00:00Z');

function onlyMessages(out: SessionEvent[]): MessageEvent[] {
  const batches = out.filter((e) => e.kind === 'events');
  return batches.flatMap((b) => b.events) as MessageEvent[];
}
const upsert = (f: { messages: unknown[]; type: string }, c = ctx()) =>
  messagesToSessionEvents(c, upsertOrigin(f.type), f.messages as WaMessage[]);

describe('Baileys messages.upsert → session events', () => {
  it('a text from a phone JID: live, incoming, the customer by phone digits with the push name', () => {
    const out = upsert(fixtures.text);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'events', origin: 'live' });
    const [m] = onlyMessages(out);
    expect(m).toEqual({
      kind: 'message',
      channelExternalId: CHANNEL,
      timestamp: new Date(1764150000 * 1000),
      direction: 'incoming',
      origin: 'customer',
      appId: null,
      customer: { identifier: '6281234567890', name: 'Budi', phone: '6281234567890' },
      providerMessageId: '3EB0A1B2C3D4E5F60001',
      msgType: 'text',
      text: 'Halo, masih buka?',
      payload: {},
      attachmentName: null,
      media: null,
      replyToProviderId: null,
    });
  });

  it('an extended text quoting a message: the reply names the quoted id; Long timestamps read', () => {
    const [m] = onlyMessages(upsert(fixtures.quote));
    expect(m?.text).toBe('Yang ini ya');
    expect(m?.replyToProviderId).toBe('3EB0SAPA0000000000AA');
    expect(m?.timestamp).toEqual(new Date(1764150060 * 1000));
  });

  it('an image with a caption: a provider_id ref that carries what downloadMediaMessage needs', () => {
    const [m] = onlyMessages(upsert(fixtures.image));
    expect(m).toMatchObject({
      msgType: 'image',
      text: 'Foto produknya',
      payload: { mediaKind: 'image' },
    });
    expect(m?.timestamp).toEqual(new Date(1764150120 * 1000));
    expect(m?.media).toMatchObject({
      source: 'provider_id',
      mimeType: 'image/jpeg',
      sha256: 'deadbeef',
    });
    const ref = m?.media;
    if (ref?.source !== 'provider_id') throw new Error('expected a provider_id ref');
    expect(decodeMediaHandle(ref.providerMediaId)).toEqual({
      kind: 'image',
      url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/f1/m269/abc.enc',
      directPath: '/o1/v/t62.7118-24/f1/m269/abc.enc?ccb=9-4',
      mediaKey: 'S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2U=',
      mimetype: 'image/jpeg',
    });
  });

  it('a document inside documentWithCaptionMessage: file name, caption, Buffer-JSON media key', () => {
    const [m] = onlyMessages(upsert(fixtures.document));
    expect(m).toMatchObject({
      msgType: 'document',
      text: 'Invoice bulan ini',
      attachmentName: 'invoice-0042.pdf',
      media: { source: 'provider_id', mimeType: 'application/pdf', filename: 'invoice-0042.pdf' },
    });
    const ref = m?.media;
    if (ref?.source !== 'provider_id') throw new Error('expected a provider_id ref');
    expect(decodeMediaHandle(ref.providerMediaId)?.mediaKey).toBe(
      'RG9jS2V5RG9jS2V5RG9jS2V5RG9jS2V5RG9jS2V5RG8=',
    );
  });

  it('a @lid sender with remoteJidAlt: identity first, then the message under the phone; no alt → <lid>@lid', () => {
    const out = upsert(fixtures.lid);
    expect(out[0]).toEqual({
      kind: 'identity',
      lid: '172839405060718@lid',
      phone: '6281398765432',
    });
    const [withPhone, withheld] = onlyMessages(out);
    expect(withPhone?.customer).toEqual({
      identifier: '6281398765432',
      name: 'Sari',
      phone: '6281398765432',
    });
    expect(withheld?.customer).toEqual({
      identifier: '998877665544332@lid',
      name: 'Tanpa Nomor',
      phone: null,
    });
    expect(out).toHaveLength(2);
  });

  it('groups are dropped unless includeGroups; status broadcasts always are', () => {
    expect(upsert(fixtures.group)).toEqual([]);
    const subjects = new Map([['120363025246125486@g.us', 'Pelanggan Setia']]);
    const out = upsert(
      fixtures.group,
      ctx({ includeGroups: true, groupSubject: (jid) => subjects.get(jid) ?? null }),
    );
    const messages = onlyMessages(out);
    expect(messages).toHaveLength(1);
    // The group is the chat, named by its subject (not by the participant's push name) …
    expect(messages[0]?.customer).toEqual({
      identifier: '120363025246125486@g.us',
      name: 'Pelanggan Setia',
      phone: null,
    });
    // … and key.participant (a LID, its phone in participantAlt) is who wrote it.
    expect(messages[0]?.payload).toEqual({
      groupSender: { identifier: '6281398765432', name: 'Sari', phone: '6281398765432' },
    });
    // Without a known subject the chat's name stays empty (ingest keeps the one it has).
    const unnamed = onlyMessages(upsert(fixtures.group, ctx({ includeGroups: true })));
    expect(unnamed[0]?.customer.name).toBe('');
    // A participant's reaction in the group is filed under the group, never the participant.
    const [reaction] = reactionsToEvents(
      ctx({ includeGroups: true }),
      [
        {
          key: { ...fixtures.group.messages[0]!.key, fromMe: true, id: '3EB0SENT' },
          reaction: {
            key: { remoteJid: '120363025246125486@g.us', fromMe: false, id: 'R-G1' },
            text: '👍',
            senderTimestampMs: 1764150500000,
          },
        },
      ] as WaReaction[],
      NOW,
    ) as ReactionEvent[];
    expect(reaction?.customer).toEqual({
      identifier: '120363025246125486@g.us',
      name: '',
      phone: null,
    });
    expect(out[0]).toEqual({
      kind: 'identity',
      lid: '172839405060718@lid',
      phone: '6281398765432',
    });
  });

  it("the phone's own messages are echoes; Sapa's own sends and protocol messages are not handed back", () => {
    const messages = onlyMessages(upsert(fixtures.echo));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      providerMessageId: '3EB0PHONE00000000001',
      direction: 'outgoing',
      origin: 'echo',
      customer: { identifier: '6281234567890', name: '' },
    });
  });

  it('append upserts and history sets are caught up, in ONE batch, with the history LID mappings', () => {
    expect(upsertOrigin('append')).toBe('caught_up');
    expect(upsertOrigin('notify', true)).toBe('caught_up');
    expect(upsertOrigin('notify', false)).toBe('live');
    const h = fixtures.history;
    const out = messagesToSessionEvents(
      ctx(),
      'caught_up',
      h.messages as WaMessage[],
      h.lidPnMappings,
    );
    expect(out.map((e) => e.kind)).toEqual(['identity', 'events']);
    expect(out[1]).toMatchObject({ kind: 'events', origin: 'caught_up' });
    const messages = onlyMessages(out);
    expect(messages.map((m) => m.text)).toEqual(['Pesan lama', 'Pesan sementara']);
  });
});

describe('Baileys receipts, reactions, identities, closes', () => {
  it('messages.update: SERVER_ACK sent, DELIVERY_ACK delivered, READ/PLAYED read, ERROR failed; others ignored', () => {
    const out = updatesToEvents(ctx(), fixtures.updates as WaMessageUpdate[], NOW) as StatusEvent[];
    expect(out.map((s) => [s.providerMessageId, s.status])).toEqual([
      ['S1', 'sent'],
      ['S2', 'delivered'],
      ['S3', 'read'],
      ['S4', 'read'],
      ['S5', 'failed'],
    ]);
    expect(out[0]).toMatchObject({
      kind: 'status',
      channelExternalId: CHANNEL,
      recipient: '6281234567890',
      error: null,
    });
    expect(out[4]?.error).toMatchObject({ kind: 'unknown', retryable: false });
  });

  it('message-receipt.update: read beats delivered; only with groups on (they are group receipts)', () => {
    const receipts = fixtures.receipts as WaReceiptUpdate[];
    expect(receiptsToEvents(ctx(), receipts)).toEqual([]);
    const out = receiptsToEvents(ctx({ includeGroups: true }), receipts) as StatusEvent[];
    expect(out.map((s) => [s.providerMessageId, s.status])).toEqual([
      ['G1', 'delivered'],
      ['G2', 'read'],
    ]);
  });

  it('messages.reaction: a customer reacting to our message, and taking it back', () => {
    const [r] = reactionsToEvents(ctx(), fixtures.reaction as WaReaction[], NOW) as ReactionEvent[];
    expect(r).toEqual({
      kind: 'reaction',
      channelExternalId: CHANNEL,
      timestamp: new Date(1764150240000),
      direction: 'incoming',
      customer: { identifier: '6281234567890', name: '', phone: '6281234567890' },
      providerMessageId: '3EB0A1B2C3D4E5F60005',
      targetProviderMessageId: '3EB0SAPA0000000000AA',
      action: 'react',
      emoji: '👍',
      reaction: null,
      appId: null,
    });
    const [u] = reactionsToEvents(
      ctx(),
      fixtures.unreaction as WaReaction[],
      NOW,
    ) as ReactionEvent[];
    expect(u).toMatchObject({ action: 'unreact', emoji: null });
  });

  it('lid-mapping.update → an identity; junk mappings are ignored', () => {
    expect(identityOfMapping(fixtures.lidMapping)).toEqual({
      lid: '172839405060718@lid',
      phone: '6281398765432',
    });
    expect(identityOfMapping({ lid: 'x@lid', pn: '' })).toBeNull();
  });

  it.each(fixtures.closes)('close $statusCode → $reason', ({ statusCode, reason }) => {
    const disconnect = { error: { message: 'Stream Errored', output: { statusCode } } };
    expect(closeReasonOf(statusCodeOf(disconnect), false)).toBe(reason);
  });

  it('408 while showing QR codes to a new device is an expired QR; no status code is unknown', () => {
    expect(closeReasonOf(408, true)).toBe('qr_expired');
    expect(closeReasonOf(515, true)).toBe('restart_required');
    expect(closeReasonOf(statusCodeOf({ error: new Error('socket hang up') }), false)).toBe(
      'unknown',
    );
    expect(statusCodeOf(null)).toBeNull();
  });
});
