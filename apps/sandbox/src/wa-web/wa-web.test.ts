import { describe, expect, it } from 'vitest';
import { liveSandboxPerTest } from '../test/per-test.js';
import type { ServerFrame, WireCreds, WireItem } from './protocol.js';
import { connectDevice, isFrame, type TestDevice } from './test-device.js';

const sandbox = liveSandboxPerTest({ waQrTtlMs: 300, waQrMax: 3 });

const PHONE = '6281200000009';
const CUSTOMER = '6281399990001';

const post = (url: string, payload: Record<string, unknown> = {}) =>
  sandbox.app.inject({ method: 'POST', url, payload });
const says = (text: string, extra: Record<string, unknown> = {}) =>
  post(`/sandbox/wa/phones/${PHONE}/chats/${CUSTOMER}/messages`, { type: 'text', text, ...extra });

/** Scans the QR a fresh device shows; returns the credentials after the restart close. */
async function link(): Promise<{ creds: WireCreds; first: TestDevice }> {
  const first = await connectDevice(sandbox.base);
  const qr = await first.waitFor(isFrame('qr'));
  const scan = await post('/sandbox/wa/scan', { code: qr.qr, phone: PHONE, name: 'Toko Ana' });
  expect(scan.statusCode).toBe(200);
  const paired = await first.waitFor(isFrame('paired'));
  first.send({ t: 'paired_ack' });
  expect(await first.closed).toEqual({ code: 4515, reason: 'restart_required' });
  return { creds: paired.creds, first };
}

const allItems = (d: TestDevice, origin?: string): WireItem[] =>
  d
    .items()
    .filter((f) => !origin || f.origin === origin)
    .flatMap((f) => f.items);

describe('WhatsApp-Web stand-in', () => {
  it('rotates QRs with an expiry, then closes an unscanned connection (qr_expired)', async () => {
    const device = await connectDevice(sandbox.base);
    const closed = await device.closed;
    const qrs = device.frames.filter(isFrame('qr'));
    expect(qrs.map((q) => q.n)).toEqual([1, 2, 3]);
    expect(new Set(qrs.map((q) => q.qr)).size).toBe(3);
    expect(qrs[0]!.qr).toMatch(/^2@/);
    expect(closed).toEqual({ code: 4408, reason: 'qr_expired' });
  });

  it('refuses a rotated or unknown code with a clear 4xx', async () => {
    const device = await connectDevice(sandbox.base);
    const first = await device.waitFor(isFrame('qr'));
    await device.waitFor((f): f is ServerFrame => f.t === 'qr' && f.n === 2);
    const old = await post('/sandbox/wa/scan', { code: first.qr, phone: PHONE });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ error: { code: 'unknown_code' } });
    const bad = await post('/sandbox/wa/scan', { code: 'x', phone: '12' });
    expect(bad.statusCode).toBe(400);
    device.close();
  });

  it('links by QR, restarts, opens with stored credentials and no new QR', async () => {
    const { creds } = await link();
    const again = await connectDevice(sandbox.base, creds);
    const open = await again.waitFor(isFrame('open'));
    expect(open).toMatchObject({ account: { phone: PHONE, name: 'Toko Ana' }, firstLink: true });
    await again.waitFor(isFrame('offline_done'));
    again.close();
    await again.closed;
    const third = await connectDevice(sandbox.base, creds);
    expect((await third.waitFor(isFrame('open'))).firstLink).toBe(false);
    expect(third.frames.some((f) => f.t === 'qr')).toBe(false);
    const view = await sandbox.app.inject({ url: `/sandbox/wa/phones/${PHONE}` });
    expect(view.json().devices).toMatchObject([{ id: creds.deviceId, connected: true }]);
    third.close();
  });

  it('links by pairing code for the phone it was asked for', async () => {
    const device = await connectDevice(sandbox.base);
    await device.waitFor(isFrame('qr'));
    const result = await device.call({ op: 'pairing_code', phone: PHONE });
    const code = (result as { data: { code: string } }).data.code;
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const wrong = await post('/sandbox/wa/scan', { code, phone: '6280000000000' });
    expect(wrong.statusCode).toBe(400);
    const scan = await post('/sandbox/wa/scan', { code: code.toLowerCase(), phone: PHONE });
    expect(scan.statusCode).toBe(200);
    await device.waitFor(isFrame('paired'));
    device.close();
  });

  it('offers history on the first open, live messages, and queued ones again until acknowledged', async () => {
    await says('before the link');
    const { creds } = await link();
    const d1 = await connectDevice(sandbox.base, creds);
    await d1.waitFor(isFrame('offline_done'));
    const history = allItems(d1, 'history');
    expect(history.map((i) => i.kind === 'message' && i.message.text)).toEqual(['before the link']);
    d1.send({ t: 'ack', ids: history.map((i) => i.id) });

    await says('live one');
    await d1.waitFor((f): f is ServerFrame => f.t === 'items' && f.origin === 'live');
    // Not acknowledged: the next connection is offered it again, then what came while away.
    d1.close();
    await d1.closed;
    await says('while away 1');
    await says('while away 2');
    const d2 = await connectDevice(sandbox.base, creds);
    const done = await d2.waitFor(isFrame('offline_done'));
    expect(done.count).toBe(3);
    const offline = allItems(d2, 'offline');
    expect(offline.map((i) => i.kind === 'message' && i.message.text)).toEqual([
      'live one',
      'while away 1',
      'while away 2',
    ]);
    expect(allItems(d2, 'history')).toEqual([]);
    d2.send({ t: 'ack', ids: offline.map((i) => i.id) });
    await new Promise((r) => setTimeout(r, 30));
    d2.close();
    await d2.closed;
    const d3 = await connectDevice(sandbox.base, creds);
    expect((await d3.waitFor(isFrame('offline_done'))).count).toBe(0);
    d3.close();
  });

  it('sends with receipts sent → delivered → read, serves media, ledger counts duplicates', async () => {
    const { creds } = await link();
    const d = await connectDevice(sandbox.base, creds);
    await d.waitFor(isFrame('offline_done'));
    const sent = await d.call({ op: 'send', to: CUSTOMER, type: 'text', text: 'Halo!' });
    expect(sent.ok).toBe(true);
    const id = (sent as { data: { id: string } }).data.id;
    await d.call({ op: 'send', to: CUSTOMER, type: 'text', text: 'Halo!' });
    const receipts = () =>
      allItems(d).filter(
        (i): i is Extract<WireItem, { kind: 'receipt' }> =>
          i.kind === 'receipt' && i.messageIds.includes(id),
      );
    await d.waitFor((): boolean => receipts().some((r) => r.status === 'delivered'));
    await post(`/sandbox/wa/phones/${PHONE}/chats/${CUSTOMER}/read`);
    await d.waitFor((): boolean => receipts().some((r) => r.status === 'read'));
    expect(receipts().map((r) => r.status)).toEqual(['sent', 'delivered', 'read']);
    const ledger = await sandbox.app.inject({ url: `/sandbox/wa/phones/${PHONE}/ledger` });
    expect(ledger.json()).toMatchObject({ total: 2, unique: 1, duplicated: 1 });

    const photo = Buffer.from('fake-jpeg-bytes');
    const media = await says('', {
      type: 'image',
      caption: 'look',
      media: { data: photo.toString('base64'), mimeType: 'image/jpeg' },
    });
    expect(media.statusCode).toBe(201);
    const item = await d.waitFor(
      (f): f is ServerFrame =>
        f.t === 'items' && f.items.some((i) => i.kind === 'message' && i.message.type === 'image'),
    );
    const wire = (item as Extract<ServerFrame, { t: 'items' }>).items[0] as Extract<
      WireItem,
      { kind: 'message' }
    >;
    expect(wire.message.caption).toBe('look');
    const res = await fetch(`${sandbox.base}/wa/media/${wire.message.media!.id}`, {
      headers: { 'x-wa-device': creds.deviceId, authorization: `Bearer ${creds.secret}` },
    });
    expect(Buffer.from(await res.arrayBuffer())).toEqual(photo);
    const denied = await fetch(`${sandbox.base}/wa/media/${wire.message.media!.id}`, {
      headers: { 'x-wa-device': creds.deviceId, authorization: 'Bearer wrong' },
    });
    expect(denied.status).toBe(404);
    d.close();
  });

  it('drops with a reason, replaces an older connection, logs out, refuses while offline', async () => {
    const { creds } = await link();
    const d1 = await connectDevice(sandbox.base, creds);
    await d1.waitFor(isFrame('open'));
    const d2 = await connectDevice(sandbox.base, creds);
    await d2.waitFor(isFrame('open'));
    expect(await d1.closed).toEqual({ code: 4440, reason: 'connection_replaced' });

    await post(`/sandbox/wa/devices/${encodeURIComponent(creds.deviceId)}/drop`, {
      reason: 'bad_session',
    });
    expect(await d2.closed).toEqual({ code: 4500, reason: 'bad_session' });

    await post(`/sandbox/wa/phones/${PHONE}/offline`);
    const refused = await connectDevice(sandbox.base, creds);
    expect((await refused.closed).reason).toBe('connection_lost');
    await says('while offline');
    await post(`/sandbox/wa/phones/${PHONE}/online`);
    const d3 = await connectDevice(sandbox.base, creds);
    await d3.waitFor(isFrame('offline_done'));
    expect(allItems(d3, 'offline').some((i) => i.kind === 'message')).toBe(true);

    const out = await sandbox.app.inject({
      method: 'DELETE',
      url: `/sandbox/wa/devices/${encodeURIComponent(creds.deviceId)}`,
    });
    expect(out.json()).toEqual({ loggedOut: true });
    expect(await d3.closed).toEqual({ code: 4401, reason: 'logged_out' });
    const after = await connectDevice(sandbox.base, creds);
    expect((await after.closed).reason).toBe('logged_out');
  });

  it('closes a connection whose frames it cannot read', async () => {
    const d = await connectDevice(sandbox.base);
    d.send({ t: 'nonsense' });
    expect((await d.closed).reason).toBe('bad_session');
  });

  it('a LID-only customer is revealed as an identity item', async () => {
    const { creds } = await link();
    const d = await connectDevice(sandbox.base, creds);
    await d.waitFor(isFrame('offline_done'));
    await says('who am I', { asLid: true });
    await post(`/sandbox/wa/phones/${PHONE}/chats/${CUSTOMER}/reveal`);
    await d.waitFor((): boolean => allItems(d).some((i) => i.kind === 'identity'));
    const items = allItems(d, 'live');
    const msg = items.find((i) => i.kind === 'message') as Extract<WireItem, { kind: 'message' }>;
    expect(msg.message.chat).toMatch(/^\d{15}@lid$/);
    expect(msg.message.sender.phone).toBeNull();
    expect(items.find((i) => i.kind === 'identity')).toMatchObject({
      lid: msg.message.sender.lid,
      phone: CUSTOMER,
    });
    d.close();
  });
});
