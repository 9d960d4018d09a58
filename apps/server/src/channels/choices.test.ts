import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../lib/storage.js';
import { GraphStub } from '../test/graph-stub.js';
import { InstagramPort } from './instagram/port.js';
import { GraphClient } from './meta-messaging/graph.js';
import { MessengerPort } from './messenger/port.js';
import type { Choice, OutboundMessage, WindowFacts } from './port.js';
import { WhatsappCloudAdapter } from './whatsapp-cloud/adapter.js';
import { WhatsappCloudPort } from './whatsapp-cloud/port.js';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const H = 60 * 60 * 1000;
const wa = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: 'EAAG-whatsapp-token',
  displayPhoneNumber: '15550783881',
};
const page = { pageId: '104000000000001', pageAccessToken: 'EAAG-page-token' };
const ig = { ...page, instagramAccountId: '17840000000000001' };
const automatic = (ageMs: number): WindowFacts => ({
  lastInboundAt: new Date(NOW.getTime() - ageMs),
  now: NOW,
  author: 'automatic',
  humanAgentExtension: true,
});
const ratings: Choice[] = [1, 2, 3, 4, 5].map((n) => ({
  id: `csat:s:${n}`,
  title: `${n} ★`,
  description: n === 5 ? 'Excellent' : null,
}));
const question = (choices: Choice[]): Extract<OutboundMessage, { type: 'choices' }> => ({
  type: 'choices',
  to: '628123',
  text: 'How did we do?',
  menuLabel: 'Rate us',
  choices,
});

const dir = mkdtempSync(join(tmpdir(), 'sapa-choices-'));
let stub: GraphStub;
let whatsapp: WhatsappCloudPort;
let messenger: MessengerPort;
let instagram: InstagramPort;

beforeAll(async () => {
  stub = await new GraphStub().start();
  const storage = new LocalStorage(dir);
  whatsapp = new WhatsappCloudPort(new WhatsappCloudAdapter(stub.url, 'v21.0'), storage);
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

describe('a question with choices, on each channel', () => {
  it('WhatsApp: five choices fold into a list behind the menu label, with descriptions', async () => {
    const sent = await whatsapp.send(wa, question(ratings), automatic(H));
    expect(sent.basis).toBe('window');
    expect(stub.calls[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '628123',
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'How did we do?' },
        action: {
          button: 'Rate us',
          sections: [
            {
              rows: [
                { id: 'csat:s:1', title: '1 ★' },
                { id: 'csat:s:2', title: '2 ★' },
                { id: 'csat:s:3', title: '3 ★' },
                { id: 'csat:s:4', title: '4 ★' },
                { id: 'csat:s:5', title: '5 ★', description: 'Excellent' },
              ],
            },
          ],
        },
      },
    });
  });

  it('WhatsApp: three choices or fewer are reply buttons', async () => {
    await whatsapp.send(wa, question(ratings.slice(0, 3)), automatic(H));
    expect(stub.calls[0]!.body).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'csat:s:1', title: '1 ★' } },
            { type: 'reply', reply: { id: 'csat:s:2', title: '2 ★' } },
            { type: 'reply', reply: { id: 'csat:s:3', title: '3 ★' } },
          ],
        },
      },
    });
  });

  it('Messenger and Instagram: quick replies whose payload is the choice id', async () => {
    for (const [port, config] of [
      [messenger, page],
      [instagram, ig],
    ] as const) {
      stub.calls.length = 0;
      await port.send(config as never, { ...question(ratings), to: '77001' }, automatic(H));
      expect(stub.calls[0]!.body).toMatchObject({
        recipient: { id: '77001' },
        messaging_type: 'RESPONSE',
        message: {
          text: 'How did we do?',
          quick_replies: ratings.map((r) => ({
            content_type: 'text',
            title: r.title,
            payload: r.id,
          })),
        },
      });
    }
  });

  it('is refused before calling the provider once the window closed, as any automatic message', async () => {
    await expect(whatsapp.send(wa, question(ratings), automatic(25 * H))).rejects.toMatchObject({
      kind: 'window_closed',
    });
    await expect(
      messenger.send(page, { ...question(ratings), to: '77001' }, automatic(25 * H)),
    ).rejects.toMatchObject({ kind: 'window_closed' });
    expect(stub.calls).toHaveLength(0);
  });

  it('refuses what the provider would: too many choices, long titles, repeated ids', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `c${i}`, title: `${i}` }));
    await expect(whatsapp.send(wa, question(eleven), automatic(H))).rejects.toMatchObject({
      kind: 'invalid_request',
      info: { message: 'A message offers 1 to 10 choices on this channel' },
    });
    await expect(
      whatsapp.send(wa, question([{ id: 'a', title: 'x'.repeat(21) }]), automatic(H)),
    ).rejects.toMatchObject({ info: { message: "A choice's title is 1 to 20 characters" } });
    await expect(
      messenger.send(
        page,
        question([
          { id: 'a', title: 'A' },
          { id: 'a', title: 'B' },
        ]),
        automatic(H),
      ),
    ).rejects.toMatchObject({ info: { message: 'Two choices have the same id' } });
    expect(stub.calls).toHaveLength(0);
  });
});
