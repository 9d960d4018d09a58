import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../lib/storage.js';
import { GraphStub } from '../../test/graph-stub.js';
import { inbound, status } from '../../test/whatsapp-fixtures.js';
import type { WindowFacts } from '../port.js';
import { WhatsappCloudAdapter } from './adapter.js';
import { parseWhatsappNeutral } from './neutral.js';
import { WhatsappCloudPort } from './port.js';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const H = 60 * 60 * 1000;
const config = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: 'EAAG-whatsapp-token',
  displayPhoneNumber: '15550783881',
};
const facts = (ageMs: number | null): WindowFacts => ({
  lastInboundAt: ageMs === null ? null : new Date(NOW.getTime() - ageMs),
  now: NOW,
  author: 'human',
  humanAgentExtension: true,
});

const dir = mkdtempSync(join(tmpdir(), 'sapa-channel-port-'));
let stub: GraphStub;
let port: WhatsappCloudPort;

beforeAll(async () => {
  stub = await new GraphStub().start();
  const storage = new LocalStorage(dir);
  await storage.put('acc/menu.pdf', Buffer.from('%PDF-1.7'));
  port = new WhatsappCloudPort(new WhatsappCloudAdapter(stub.url, 'v21.0'), storage);
});
afterAll(async () => {
  await stub.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stub.calls.length = 0;
});

describe('WhatsApp Cloud on the port: sending', () => {
  it('inside 24 h sends text as before', async () => {
    const sent = await port.send(config, { type: 'text', to: '628123', text: 'Halo' }, facts(H));
    expect(sent).toMatchObject({ basis: 'window', uploadedMediaId: null });
    expect(stub.calls[0]).toMatchObject({
      path: `/v21.0/${config.phoneNumberId}/messages`,
      auth: `Bearer ${config.accessToken}`,
      body: { messaging_product: 'whatsapp', to: '628123', type: 'text', text: { body: 'Halo' } },
    });
  });

  it('after 24 h refuses a message before calling Meta; a template still goes', async () => {
    await expect(
      port.send(config, { type: 'text', to: '628123', text: 'Halo' }, facts(25 * H)),
    ).rejects.toMatchObject({ kind: 'window_closed', refusal: 'templates_only' });
    expect(stub.calls).toHaveLength(0);
    const sent = await port.send(
      config,
      {
        type: 'template',
        to: '628123',
        template: { name: 'promo', language: 'id', bodyParams: ['Ana'] },
        callbackData: 'b:1',
      },
      facts(null),
    );
    expect(sent.basis).toBe('template');
    expect(stub.calls[0]!.body).toMatchObject({
      type: 'template',
      biz_opaque_callback_data: 'b:1',
    });
  });

  it('uploads a stored file once and sends its media id; a retry reuses it', async () => {
    const media = {
      kind: 'document' as const,
      storageKey: 'acc/menu.pdf',
      mimeType: 'application/pdf',
      filename: 'menu.pdf',
      sizeBytes: 8,
    };
    const first = await port.send(
      config,
      { type: 'media', to: '628123', media, caption: 'Menu' },
      facts(H),
    );
    expect(stub.calls.map((c) => c.path)).toEqual([
      `/v21.0/${config.phoneNumberId}/media`,
      `/v21.0/${config.phoneNumberId}/messages`,
    ]);
    expect(first.uploadedMediaId).toMatch(/^media-/);
    expect(stub.calls[1]!.body).toMatchObject({
      type: 'document',
      document: { id: first.uploadedMediaId, caption: 'Menu', filename: 'menu.pdf' },
    });
    stub.calls.length = 0;
    const again = await port.send(
      config,
      { type: 'media', to: '628123', media: { ...media, providerMediaId: first.uploadedMediaId } },
      facts(H),
    );
    expect(again.uploadedMediaId).toBeNull();
    expect(stub.calls).toHaveLength(1);
  });

  it('refuses what WhatsApp would refuse: quick replies, a 6 MB image, 4,097 characters', async () => {
    for (const message of [
      { type: 'text' as const, to: '6', text: 'x', quickReplies: [{ title: 'a', payload: 'b' }] },
      { type: 'text' as const, to: '6', text: 'x'.repeat(4097) },
      {
        type: 'media' as const,
        to: '6',
        media: {
          kind: 'image' as const,
          storageKey: 'k',
          mimeType: 'image/jpeg',
          filename: null,
          sizeBytes: 6 * 1024 * 1024,
        },
      },
    ])
      await expect(port.send(config, message, facts(H))).rejects.toMatchObject({
        kind: 'invalid_request',
      });
    expect(stub.calls).toHaveLength(0);
  });
});

describe('WhatsApp Cloud on the port: receipts, media, connect', () => {
  it('marks the named message read; needs one', async () => {
    await port.markRead(config, { customerId: '628123', lastProviderMessageId: 'wamid.X' });
    expect(stub.calls[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.X',
    });
    await expect(
      port.markRead(config, { customerId: '628123', lastProviderMessageId: null }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
  });

  it('fetches media by id, never by URL', async () => {
    const file = await port.fetchMedia(config, {
      source: 'provider_id',
      providerMediaId: 'MEDIA1',
      mimeType: 'image/jpeg',
      sha256: null,
      filename: null,
    });
    expect(file.bytes.toString()).toBe('FILEBYTES');
    await expect(
      port.fetchMedia(config, {
        source: 'url',
        url: 'https://x',
        expiresAt: null,
        mimeType: null,
        filename: null,
      }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
  });

  it('verifies as the connect page always did, naming the reason for the log', async () => {
    stub.reply(
      { status: 200, body: { id: config.phoneNumberId } },
      { status: 200, body: { data: [{ id: config.phoneNumberId }] } },
    );
    expect(await port.verifyCredentials(config)).toEqual({ ok: true, displayName: null });
    stub.reply(
      { status: 200, body: { id: config.phoneNumberId } },
      { status: 200, body: { data: [{ id: '1' }] } },
    );
    expect(await port.verifyCredentials(config)).toEqual({ ok: false, problem: 'not_linked' });
    stub.reply(stub.graphError(400, 100, 'Unsupported get request'));
    expect(await port.verifyCredentials(config)).toEqual({ ok: false, problem: 'not_found' });
    // A refused token is told apart, for channel health (connect still answers one sentence).
    stub.reply(stub.graphError(400, 190, 'bad token'));
    expect(await port.verifyCredentials(config)).toEqual({ ok: false, problem: 'token_invalid' });
  });
});

describe('WhatsApp Cloud on the port: webhooks', () => {
  const RECEIVED = new Date('2026-05-10T12:00:00.000Z');

  it('names reactions, classified failures and template verdicts neutrally', () => {
    const reaction = parseWhatsappNeutral(
      inbound({ type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '👍' } }),
      RECEIVED,
    ).events[0];
    expect(reaction).toMatchObject({
      kind: 'reaction',
      action: 'react',
      emoji: '👍',
      targetProviderMessageId: 'wamid.T',
    });
    const failed = parseWhatsappNeutral(
      status('wamid.F', 'failed', {
        errors: [{ code: 131047, title: 'Re-engagement', message: 'm' }],
      }),
      RECEIVED,
    ).events[0];
    expect(failed).toMatchObject({
      kind: 'status',
      error: { kind: 'window_closed', code: 131047 },
    });

    const verdict = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: config.wabaId,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'rejected',
                message_template_id: 1689556908129835,
                message_template_name: 'abandoned_cart',
                message_template_language: 'en',
                reason: 'INVALID_FORMAT',
              },
            },
          ],
        },
      ],
    };
    expect(parseWhatsappNeutral(verdict, RECEIVED)).toEqual({
      events: [
        {
          kind: 'template.status',
          channelExternalId: config.wabaId,
          timestamp: RECEIVED,
          providerTemplateId: '1689556908129835',
          name: 'abandoned_cart',
          language: 'en',
          event: 'REJECTED',
          reason: 'INVALID_FORMAT',
        },
      ],
      ignored: [],
    });
    // Fields nobody reads are still reported.
    const other = {
      object: 'whatsapp_business_account',
      entry: [{ id: config.wabaId, changes: [{ field: 'account_update', value: {} }] }],
    };
    expect(parseWhatsappNeutral(other, RECEIVED).ignored).toHaveLength(1);
  });
});
