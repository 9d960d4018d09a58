import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../lib/storage.js';
import { InstagramPort } from '../instagram/port.js';
import { MessengerPort } from '../messenger/port.js';
import { GraphClient } from './graph.js';

/**
 * One JSON file per event kind, written from the references (meta-messaging.md §1, §3.1;
 * instagram-messenger.md §1.3–§1.7): the webhook Meta posts and the neutral events Sapa must
 * read from it. The sandbox's webhook builders can be checked against the same files.
 */
interface Fixture {
  kind: string;
  reference: string;
  webhook: unknown;
  expected: { events: unknown[]; ignored: unknown[] };
}

const here = dirname(fileURLToPath(import.meta.url));
const RECEIVED_AT = new Date('2026-05-01T00:00:05.000Z');
const graph = new GraphClient('http://127.0.0.1:9', 'v21.0');
const storage = {} as FileStorage;

function fixtures(dir: string): [string, Fixture][] {
  const path = join(here, '..', dir, 'fixtures');
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(path, f), 'utf8'))]);
}

/** Dates as Meta's ISO text, so the comparison is with the JSON as written. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

const cases = [
  {
    name: 'Messenger (object "page")',
    dir: 'messenger',
    port: new MessengerPort(graph, storage),
    object: 'page',
    // Every kind the issue and the reference name for Messenger.
    required: [
      'text',
      'image',
      'video',
      'audio',
      'file',
      'sticker',
      'sticker-as-image',
      'fallback',
      'reply',
      'quick-reply',
      'postback',
      'postback-without-mid',
      'reaction',
      'unreaction',
      'reaction-echo',
      'read',
      'delivery',
      'echo',
      'standby',
      'reel',
      'multiple-attachments',
      'ignored',
    ],
  },
  {
    name: 'Instagram (object "instagram")',
    dir: 'instagram',
    port: new InstagramPort(graph, storage),
    object: 'instagram',
    required: [
      'text',
      'image',
      'video',
      'audio',
      'file',
      'share',
      'reel',
      'story-mention',
      'story-reply',
      'reply',
      'quick-reply',
      'postback',
      'reaction',
      'unreaction',
      'reaction-echo',
      'read',
      'unsent',
      'unsupported',
      'echo',
      'referral',
      'standby',
      'ignored',
    ],
  },
] as const;

describe.each(cases)('$name webhook fixtures', ({ dir, port, object, required }) => {
  const all = fixtures(dir);

  it('has a fixture for every event kind', () => {
    expect(all.map(([name]) => name)).toEqual(expect.arrayContaining([...required]));
  });

  it.each(all)('%s', (_name, fixture) => {
    expect((fixture.webhook as { object: string }).object).toBe(object);
    const parsed = port.parseWebhook(fixture.webhook, RECEIVED_AT);
    expect(plain(parsed)).toEqual(fixture.expected);
  });
});

describe('Messenger and Instagram parsing beyond the fixtures', () => {
  const messenger = new MessengerPort(graph, storage);

  it('uses the arrival time for a timestamp that is missing or past every calendar', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: '104000000000001',
          messaging: [
            {
              sender: { id: '1' },
              recipient: { id: '104000000000001' },
              message: { mid: 'a', text: 'x' },
            },
            {
              sender: { id: '1' },
              recipient: { id: '104000000000001' },
              timestamp: 1e20,
              message: { mid: 'b', text: 'y' },
            },
          ],
        },
      ],
    };
    const { events } = messenger.parseWebhook(body, RECEIVED_AT);
    expect(events.map((e) => e.timestamp.toISOString())).toEqual([
      RECEIVED_AT.toISOString(),
      RECEIVED_AT.toISOString(),
    ]);
  });

  it('treats a message the business sent without is_echo as outgoing too', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: '104000000000001',
          messaging: [
            {
              sender: { id: '104000000000001' },
              recipient: { id: '77' },
              timestamp: 1777593600123,
              message: { mid: 'm_biz', text: 'hi' },
            },
          ],
        },
      ],
    };
    const [event] = messenger.parseWebhook(body, RECEIVED_AT).events;
    expect(event).toMatchObject({
      kind: 'message',
      direction: 'outgoing',
      origin: 'echo',
      customer: { identifier: '77' },
    });
  });

  it('never throws on bodies that are not Meta webhooks', () => {
    for (const body of [null, 7, 'x', [], { entry: 'no' }, { entry: [null, 5, { id: 3 }] }])
      expect(() => messenger.parseWebhook(body, RECEIVED_AT)).not.toThrow();
    expect(messenger.parseWebhook({ entry: [{ messaging: [{}] }] }, RECEIVED_AT).ignored).toEqual([
      { channelExternalId: null, reason: 'entry without id' },
    ]);
  });
});
