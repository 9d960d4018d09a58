import { describe, expect, it } from 'vitest';
import { liveSandboxPerTest } from '../test/per-test.js';
import type { WireItem } from './protocol.js';
import { connectDevice, isFrame } from './test-device.js';

const sandbox = liveSandboxPerTest({ waQrTtlMs: 300, waQrMax: 3 });

const PHONE = '6281200000019';
const SARI = '6281398765432';
const BUDI = '6281234567890';

const post = (url: string, payload: Record<string, unknown> = {}) =>
  sandbox.app.inject({ method: 'POST', url, payload });

async function linkedDevice() {
  const first = await connectDevice(sandbox.base);
  const qr = await first.waitFor(isFrame('qr'));
  await post('/sandbox/wa/scan', { code: qr.qr, phone: PHONE });
  const paired = await first.waitFor(isFrame('paired'));
  first.send({ t: 'paired_ack' });
  await first.closed;
  const device = await connectDevice(sandbox.base, paired.creds);
  await device.waitFor(isFrame('offline_done'));
  return device;
}

async function makeGroup() {
  const res = await post(`/sandbox/wa/phones/${PHONE}/groups`, {
    subject: 'Pelanggan Setia',
    participants: [
      { phone: SARI, name: 'Sari' },
      { phone: BUDI, name: 'Budi' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ jid: string; subject: string; participants: unknown[] }>();
}

describe('WhatsApp-Web stand-in: groups', () => {
  it('a participant writes in a group: the device gets the group as the chat and the participant as the sender', async () => {
    const device = await linkedDevice();
    const group = await makeGroup();
    expect(group.jid).toMatch(/^120363\d{12}@g\.us$/);
    const said = await post(`/sandbox/wa/phones/${PHONE}/groups/${group.jid}/messages`, {
      from: SARI,
      type: 'text',
      text: 'Ada promo?',
    });
    expect(said.statusCode, said.body).toBe(201);
    expect(said.json()).toMatchObject({ from: 'customer', author: SARI, text: 'Ada promo?' });
    const message = await device.waitFor(
      (f): f is { t: 'items'; origin: 'live'; items: WireItem[] } =>
        f.t === 'items' && f.items.some((i) => i.kind === 'message'),
    );
    const item = message.items.find((i) => i.kind === 'message');
    expect(item).toMatchObject({
      kind: 'message',
      message: {
        chat: group.jid,
        fromMe: false,
        subject: 'Pelanggan Setia',
        sender: { phone: SARI, name: 'Sari' },
        text: 'Ada promo?',
      },
    });
    // The phone page lists the group as one chat.
    const view = await sandbox.app.inject({ url: `/sandbox/wa/phones/${PHONE}` });
    expect(view.json().chats).toMatchObject([
      { customer: group.jid, name: 'Pelanggan Setia', group: { subject: 'Pelanggan Setia' } },
    ]);
    device.close();
  });

  it('the device answers in the group: the reply is in the group, with ticks', async () => {
    const device = await linkedDevice();
    const group = await makeGroup();
    const sent = await device.call({ op: 'send', to: group.jid, type: 'text', text: 'Ada kak' });
    expect(sent.ok).toBe(true);
    const id = (sent as { data: { id: string } }).data.id;
    const thread = await sandbox.app.inject({
      url: `/sandbox/wa/phones/${PHONE}/groups/${group.jid.replace('@g.us', '')}`,
    });
    expect(thread.json().messages).toMatchObject([
      { id, from: 'business', text: 'Ada kak', author: null },
    ]);
    await device.waitFor((): boolean =>
      device
        .items()
        .flatMap((f) => f.items)
        .some((i) => i.kind === 'receipt' && i.chat === group.jid && i.messageIds.includes(id)),
    );
    device.close();
  });

  it('refuses a stranger writing in the group, an unknown group and a bad group', async () => {
    const group = await makeGroup();
    const stranger = await post(`/sandbox/wa/phones/${PHONE}/groups/${group.jid}/messages`, {
      from: '6289999999999',
      text: 'hi',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: { code: 'not_a_participant' } });
    const unknown = await post(`/sandbox/wa/phones/${PHONE}/groups/120363000000000000/messages`, {
      from: SARI,
      text: 'hi',
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await post(`/sandbox/wa/phones/${PHONE}/groups`, {
      subject: 'x',
      participants: [],
    });
    expect(empty.statusCode).toBe(400);
    const self = await post(`/sandbox/wa/phones/${PHONE}/groups`, {
      subject: 'x',
      participants: [{ phone: PHONE }],
    });
    expect(self.statusCode).toBe(400);
  });
});
