import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InstagramCredentials, MessengerCredentials } from '@sapa/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../lib/storage.js';
import { GraphStub } from '../../test/graph-stub.js';
import { ProviderError, WindowClosedError } from '../errors.js';
import { InstagramPort } from '../instagram/port.js';
import { MessengerPort } from '../messenger/port.js';
import type { OutboundMediaRef, OutboundMessage, WindowFacts } from '../port.js';
import { GraphClient } from './graph.js';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const H = 60 * 60 * 1000;
const D = 24 * H;
const PAGE = '104000000000001';
const IG = '17840000000000001';
const TOKEN = 'EAAG-page-token-0001';
const PSID = '7700000000000001';
const messengerConfig: MessengerCredentials = { pageId: PAGE, pageAccessToken: TOKEN };
const instagramConfig: InstagramCredentials = {
  instagramAccountId: IG,
  pageId: PAGE,
  pageAccessToken: TOKEN,
};

const window = (ageMs: number | null, over: Partial<WindowFacts> = {}): WindowFacts => ({
  lastInboundAt: ageMs === null ? null : new Date(NOW.getTime() - ageMs),
  now: NOW,
  author: 'human',
  humanAgentExtension: true,
  ...over,
});

const dir = mkdtempSync(join(tmpdir(), 'sapa-channel-port-'));
let stub: GraphStub;
let storage: LocalStorage;
let messenger: MessengerPort;
let instagram: InstagramPort;

beforeAll(async () => {
  stub = await new GraphStub().start();
  storage = new LocalStorage(dir);
  await storage.put('acc/photo.jpg', Buffer.from('JPEGBYTES'));
  const graph = new GraphClient(stub.url, 'v21.0');
  messenger = new MessengerPort(graph, storage);
  instagram = new InstagramPort(graph, storage);
});
afterAll(async () => {
  await stub.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stub.calls.length = 0;
});

const photo = (over: Partial<OutboundMediaRef> = {}): OutboundMediaRef => ({
  kind: 'image',
  storageKey: 'acc/photo.jpg',
  mimeType: 'image/jpeg',
  filename: 'photo.jpg',
  sizeBytes: 9,
  ...over,
});

describe('sending on Messenger (Send API, meta-messaging.md §3.2)', () => {
  it('inside 24 h: RESPONSE to /{page-id}/messages with the page token as Bearer', async () => {
    const sent = await messenger.send(
      messengerConfig,
      { type: 'text', to: PSID, text: 'Halo kak' },
      window(H),
    );
    expect(sent).toEqual({ providerMessageId: 'm_OUT1', basis: 'window', uploadedMediaId: null });
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]).toMatchObject({
      method: 'POST',
      path: `/v21.0/${PAGE}/messages`,
      auth: `Bearer ${TOKEN}`,
      body: { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Halo kak' } },
    });
    expect(stub.calls[0]!.body).not.toHaveProperty('tag');
  });

  it('after 24 h a person’s reply goes out as MESSAGE_TAG with HUMAN_AGENT', async () => {
    const sent = await messenger.send(
      messengerConfig,
      { type: 'text', to: PSID, text: 'Maaf baru balas' },
      window(3 * D),
    );
    expect(sent.basis).toBe('human_agent_tag');
    expect(stub.calls[0]!.body).toEqual({
      recipient: { id: PSID },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'Maaf baru balas' },
    });
  });

  it.each([
    ['a person after 7 days', window(7 * D), 'human_agent_expired'],
    ['a person after 8 days', window(8 * D), 'human_agent_expired'],
    [
      'an automatic message after 24 h',
      window(D + 1, { author: 'automatic' }),
      'automatic_after_window',
    ],
    [
      'a person after 24 h when the channel turned the tag off',
      window(2 * D, { humanAgentExtension: false }),
      'human_agent_off',
    ],
    ['anyone to a customer who never wrote', window(null), 'no_customer_message'],
  ] as const)('refuses %s, without calling Meta', async (_what, facts, refusal) => {
    const attempt = messenger.send(messengerConfig, { type: 'text', to: PSID, text: 'x' }, facts);
    await expect(attempt).rejects.toBeInstanceOf(WindowClosedError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'window_closed',
      refusal,
      retryable: false,
    });
    expect(stub.calls).toHaveLength(0);
  });

  it('never sends a retired tag: every tagged body says HUMAN_AGENT, every other has no tag', async () => {
    for (const age of [H, 2 * D, 6 * D]) {
      await messenger.send(messengerConfig, { type: 'text', to: PSID, text: 'a' }, window(age));
      await messenger.send(
        messengerConfig,
        { type: 'media', to: PSID, media: photo({ publicUrl: 'https://cdn.example.com/p.jpg' }) },
        window(age),
      );
    }
    const tags = stub.calls.map((c) => (c.body as { tag?: string }).tag ?? null);
    expect(new Set(tags)).toEqual(new Set([null, 'HUMAN_AGENT']));
    for (const retired of ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE'])
      expect(JSON.stringify(stub.calls)).not.toContain(retired);
  });

  it('sends quick replies as Messenger takes them', async () => {
    await messenger.send(
      messengerConfig,
      {
        type: 'text',
        to: PSID,
        text: 'Jadi pesan?',
        quickReplies: [
          { title: 'Ya', payload: 'YES' },
          { title: 'Nanti', payload: 'LATER' },
        ],
      },
      window(H),
    );
    expect((stub.calls[0]!.body as { message: unknown }).message).toEqual({
      text: 'Jadi pesan?',
      quick_replies: [
        { content_type: 'text', title: 'Ya', payload: 'YES' },
        { content_type: 'text', title: 'Nanti', payload: 'LATER' },
      ],
    });
  });

  it('sends a file by its public URL when there is one', async () => {
    const sent = await messenger.send(
      messengerConfig,
      {
        type: 'media',
        to: PSID,
        media: photo({
          kind: 'document',
          mimeType: 'application/pdf',
          publicUrl: 'https://x.example/a.pdf',
        }),
      },
      window(H),
    );
    expect(sent.uploadedMediaId).toBeNull();
    expect(stub.calls).toHaveLength(1);
    expect((stub.calls[0]!.body as { message: unknown }).message).toEqual({
      attachment: { type: 'file', payload: { url: 'https://x.example/a.pdf', is_reusable: true } },
    });
  });

  it('otherwise uploads the stored bytes once (Attachment Upload API) and sends the id', async () => {
    const sent = await messenger.send(
      messengerConfig,
      { type: 'media', to: PSID, media: photo() },
      window(2 * D),
    );
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v21.0/${PAGE}/message_attachments`,
      `POST /v21.0/${PAGE}/messages`,
    ]);
    const form = String(stub.calls[0]!.body);
    expect(form).toContain('name="filedata"; filename="photo.jpg"');
    expect(form).toContain('JPEGBYTES');
    expect(form).toContain('{"attachment":{"type":"image","payload":{"is_reusable":true}}}');
    expect(form).not.toContain('name="platform"');
    expect(sent).toMatchObject({
      basis: 'human_agent_tag',
      uploadedMediaId: expect.stringMatching(/^att-/),
    });
    expect(stub.calls[1]!.body).toEqual({
      recipient: { id: PSID },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { attachment: { type: 'image', payload: { attachment_id: sent.uploadedMediaId } } },
    });
  });

  it('a retry reuses the earlier upload', async () => {
    const sent = await messenger.send(
      messengerConfig,
      { type: 'media', to: PSID, media: photo({ providerMediaId: 'att-earlier' }) },
      window(H),
    );
    expect(sent.uploadedMediaId).toBeNull();
    expect(stub.calls).toHaveLength(1);
    expect(JSON.stringify(stub.calls[0]!.body)).toContain('att-earlier');
  });

  it.each([
    [
      'a template',
      { type: 'template', to: PSID, template: { name: 'x', language: 'en', bodyParams: [] } },
      'no message templates',
    ],
    [
      'a caption on a file',
      { type: 'media', to: PSID, media: photo(), caption: 'lihat' },
      'no caption',
    ],
    ['an empty message', { type: 'text', to: PSID, text: '  ' }, 'empty'],
    ['2,001 characters', { type: 'text', to: PSID, text: 'a'.repeat(2001) }, '2000 characters'],
    [
      'a 9 MB photo',
      { type: 'media', to: PSID, media: photo({ sizeBytes: 9 * 1024 * 1024 }) },
      'up to 8 MB',
    ],
    [
      'a webp photo',
      { type: 'media', to: PSID, media: photo({ mimeType: 'image/webp' }) },
      'image/webp',
    ],
    [
      '14 quick replies',
      {
        type: 'text',
        to: PSID,
        text: 'x',
        quickReplies: Array.from({ length: 14 }, (_, i) => ({ title: `${i}`, payload: `${i}` })),
      },
      'at most 13',
    ],
  ] satisfies [string, OutboundMessage, string][])(
    'refuses %s before calling Meta',
    async (_what, message, words) => {
      const attempt = messenger.send(messengerConfig, message, window(H));
      await expect(attempt).rejects.toMatchObject({ kind: 'invalid_request', retryable: false });
      await expect(attempt).rejects.toThrow(words);
      expect(stub.calls).toHaveLength(0);
    },
  );

  it('passes Meta’s own refusals on, classified (10/2018278 is the window)', async () => {
    stub.reply(stub.graphError(400, 10, 'This message is sent outside of allowed window'));
    stub.reply({
      status: 400,
      body: { error: { code: 10, error_subcode: 2018278, message: 'outside of allowed window' } },
    });
    await expect(
      messenger.send(messengerConfig, { type: 'text', to: PSID, text: 'a' }, window(H)),
    ).rejects.toMatchObject({ kind: 'permission_denied' });
    await expect(
      messenger.send(messengerConfig, { type: 'text', to: PSID, text: 'a' }, window(H)),
    ).rejects.toMatchObject({ kind: 'window_closed' });
    stub.reply(stub.graphError(400, 190, 'Error validating access token'));
    await expect(
      messenger.send(messengerConfig, { type: 'text', to: PSID, text: 'a' }, window(H)),
    ).rejects.toMatchObject({ kind: 'token_invalid', retryable: false });
  });

  it('an answer without a message id is an error, not a success', async () => {
    stub.reply({ status: 200, body: { recipient_id: PSID } });
    await expect(
      messenger.send(messengerConfig, { type: 'text', to: PSID, text: 'a' }, window(H)),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('sending on Instagram', () => {
  it('uses the linked page’s Send API, and counts text in bytes (1,000)', async () => {
    const sent = await instagram.send(
      instagramConfig,
      { type: 'text', to: '5500000000000001', text: 'ä'.repeat(500) },
      window(H),
    );
    expect(sent.basis).toBe('window');
    expect(stub.calls[0]).toMatchObject({
      path: `/v21.0/${PAGE}/messages`,
      auth: `Bearer ${TOKEN}`,
    });
    await expect(
      instagram.send(
        instagramConfig,
        { type: 'text', to: '5500000000000001', text: 'ä'.repeat(501) },
        window(H),
      ),
    ).rejects.toThrow('1000 bytes');
    expect(stub.calls).toHaveLength(1);
  });

  it('uploads with platform=instagram and honours the same windows', async () => {
    await instagram.send(
      instagramConfig,
      { type: 'media', to: '55', media: photo() },
      window(5 * D),
    );
    expect(String(stub.calls[0]!.body)).toContain('name="platform"');
    expect(stub.calls[1]!.body).toMatchObject({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    await expect(
      instagram.send(instagramConfig, { type: 'text', to: '55', text: 'x' }, window(8 * D)),
    ).rejects.toMatchObject({ refusal: 'human_agent_expired' });
    await expect(
      instagram.send(
        instagramConfig,
        { type: 'text', to: '55', text: 'x' },
        window(2 * D, { author: 'automatic' }),
      ),
    ).rejects.toMatchObject({ refusal: 'automatic_after_window' });
    expect(stub.calls).toHaveLength(2);
  });
});
