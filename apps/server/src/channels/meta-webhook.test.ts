import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileStorage } from '../lib/storage.js';
import { dispatchMetaWebhook, type WebhookLog } from './meta-webhook.js';
import type * as Signature from './meta-signature.js';
import { signMetaBody, verifyMetaSignature } from './meta-signature.js';
import { ChannelAdapters } from './registry.js';

// Counts the signature checks, still checking for real.
vi.mock('./meta-signature.js', async (importOriginal) => {
  const real = await importOriginal<typeof Signature>();
  return { ...real, verifyMetaSignature: vi.fn(real.verifyMetaSignature) };
});

const SECRET = 'test-app-secret';
const NOW = new Date('2026-05-10T12:00:00.000Z');
const adapters = ChannelAdapters.fromConfig(
  { graphApiUrl: 'http://127.0.0.1:9', graphApiVersion: 'v21.0', mediaDir: '/nonexistent' },
  {} as FileStorage,
);

function recordingLog() {
  const lines: { level: 'info' | 'warn'; details: object; message: string }[] = [];
  const log: WebhookLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
  };
  return { log, lines };
}

function deliver(
  payload: unknown,
  { secret = SECRET, raw }: { secret?: string; raw?: string } = {},
) {
  const text = raw ?? JSON.stringify(payload);
  const { log, lines } = recordingLog();
  const parse = vi.spyOn(adapters.port('messenger'), 'parseWebhook');
  const result = dispatchMetaWebhook(
    adapters,
    { rawBody: Buffer.from(text), signature: signMetaBody(text, secret) },
    { appSecret: SECRET, now: NOW, log },
  );
  const messengerParses = parse.mock.calls.length;
  parse.mockRestore();
  return { result, lines, messengerParses };
}

const pageItem = (id: string, text: string, timestamp = 1778414400000) => ({
  sender: { id: '7700000000000001' },
  recipient: { id: id },
  timestamp,
  message: { mid: `m_${text}`, text },
});

beforeEach(() => vi.mocked(verifyMetaSignature).mockClear());

describe('the Meta webhook dispatch', () => {
  it('checks the signature once for a body of many entries, then hands it to the page adapter', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: '104000000000001',
          messaging: [pageItem('104000000000001', 'a'), pageItem('104000000000001', 'b')],
        },
        { id: '104000000000002', messaging: [pageItem('104000000000002', 'c')] },
      ],
    };
    const { result, messengerParses } = deliver(body);
    expect(verifyMetaSignature).toHaveBeenCalledTimes(1);
    expect(messengerParses).toBe(1);
    expect(result).toMatchObject({ outcome: 'parsed', provider: 'messenger', object: 'page' });
    if (result.outcome !== 'parsed') throw new Error('not parsed');
    expect(result.events.map((e) => [e.channelExternalId, e.kind])).toEqual([
      ['104000000000001', 'message'],
      ['104000000000001', 'message'],
      ['104000000000002', 'message'],
    ]);
  });

  it.each([
    ['instagram', 'instagram'],
    ['whatsapp_business_account', 'whatsapp_cloud'],
  ] as const)('object %s goes to %s', (object, provider) => {
    const { result } = deliver({ object, entry: [] });
    expect(result).toMatchObject({ outcome: 'parsed', provider, events: [] });
  });

  it('refuses a wrong or missing signature without reading the body', () => {
    const { result, messengerParses } = deliver({ object: 'page', entry: [] }, { secret: 'other' });
    expect(result).toEqual({ outcome: 'unsigned' });
    expect(messengerParses).toBe(0);
    const { log } = recordingLog();
    expect(
      dispatchMetaWebhook(
        adapters,
        { rawBody: Buffer.from('{}'), signature: undefined },
        { appSecret: SECRET, now: NOW, log },
      ),
    ).toEqual({ outcome: 'unsigned' });
    expect(
      dispatchMetaWebhook(
        adapters,
        { rawBody: { object: 'page' }, signature: signMetaBody('{}', SECRET) },
        { appSecret: SECRET, now: NOW, log },
      ),
    ).toEqual({ outcome: 'unsigned' });
  });

  it('answers a signed body that is not JSON as malformed', () => {
    expect(deliver(null, { raw: '{"object":' }).result).toEqual({ outcome: 'malformed' });
  });

  it('acknowledges an object no adapter reads, and logs it', () => {
    for (const object of ['permissions', 42, undefined]) {
      const { result, lines } = deliver({ object, entry: [] });
      expect(result).toEqual({ outcome: 'unhandled', object });
      expect(lines).toEqual([
        {
          level: 'warn',
          details: { object },
          message: 'webhook for an object we do not handle; acknowledged',
        },
      ]);
    }
    expect(deliver(null, { raw: '[1,2]' }).result).toEqual({
      outcome: 'unhandled',
      object: undefined,
    });
  });

  it('strips NULs, bounds times and text, and logs what it ignored', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: '104000000000001',
          messaging: [
            pageItem('104000000000001', 'Ha\u0000lo', 95617584000000),
            { sender: { id: '1' }, recipient: { id: '104000000000001' }, optin: { ref: 'x' } },
          ],
        },
      ],
    };
    const { result, lines } = deliver(body);
    if (result.outcome !== 'parsed') throw new Error('not parsed');
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      text: 'Halo',
      providerMessageId: 'm_Halo',
      timestamp: NOW,
    });
    expect(result.ignored).toEqual([
      { channelExternalId: '104000000000001', reason: 'event optin' },
    ]);
    expect(lines).toEqual([
      {
        level: 'info',
        details: {
          provider: 'messenger',
          channelExternalId: '104000000000001',
          reason: 'event optin',
        },
        message: 'webhook item ignored',
      },
    ]);
  });

  it('drops an event with an id no provider sends, and says so', () => {
    const item = pageItem('104000000000001', 'x');
    item.message.mid = 'm'.repeat(5000);
    const { result } = deliver({
      object: 'page',
      entry: [{ id: '104000000000001', messaging: [item] }],
    });
    expect(result).toMatchObject({
      outcome: 'parsed',
      events: [],
      ignored: [{ reason: "message with an id longer than any provider's" }],
    });
  });
});
