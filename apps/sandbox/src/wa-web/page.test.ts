import { describe, expect, it } from 'vitest';
import { liveSandboxPerTest } from '../test/per-test.js';
import { follow, until } from '../test/sse.js';
import { isFrame, connectDevice } from './test-device.js';

const sandbox = liveSandboxPerTest();

const PHONE = '6281200000001';
const CUSTOMER = '6281399990002';

describe('business phone page', () => {
  it('serves the page and its bundled script with the stable test ids', async () => {
    const page = await sandbox.app.inject({ url: `/wa-phone?phone=${PHONE}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/wa-phone/app.js');
    expect(page.body).toContain(`"phone":"${PHONE}"`);
    // A phone that is not digits is ignored, never echoed into the page.
    const odd = await sandbox.app.inject({ url: '/wa-phone?phone=%3Cscript%3E' });
    expect(odd.body).toContain('"phone":null');
    const js = await sandbox.app.inject({ url: '/wa-phone/app.js' });
    for (const id of [
      'wa-tab-',
      'wa-link-open',
      'wa-link-code',
      'wa-link-submit',
      'wa-device-logout',
      'wa-offline-toggle',
      'wa-chat-row',
      'wa-new-chat-number',
      'wa-input',
      'wa-send',
      'wa-message',
      'wa-ticks',
    ]) {
      expect(js.body).toContain(id);
    }
    const css = await sandbox.app.inject({ url: '/wa-phone/app.css' });
    expect(css.body).toContain('.wa-tab');
  }, 30_000);

  it('an open chat reads what the linked device sends: the page sees delivered, then read', async () => {
    const first = await connectDevice(sandbox.base);
    const qr = await first.waitFor(isFrame('qr'));
    await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/wa/scan',
      payload: { code: qr.qr, phone: PHONE },
    });
    const paired = await first.waitFor(isFrame('paired'));
    first.send({ t: 'paired_ack' });
    await first.closed;
    const device = await connectDevice(sandbox.base, paired.creds);
    await device.waitFor(isFrame('offline_done'));
    await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/wa/phones/${PHONE}/chats/${CUSTOMER}/messages`,
      payload: { type: 'text', text: 'Halo', name: 'Ana' },
    });
    const stream = follow(`${sandbox.base}/sandbox/wa/phones/${PHONE}/events?chat=${CUSTOMER}`);
    await until(() => stream.events.some((e) => e.event === 'snapshot'));
    const snapshot = stream.events[0]!.data as { devices: Array<{ connected: boolean }> };
    expect(snapshot.devices).toMatchObject([{ connected: true }]);
    const sent = await device.call({ op: 'send', to: CUSTOMER, type: 'text', text: 'Halo Ana' });
    const id = (sent as { data: { id: string } }).data.id;
    const statuses = () =>
      stream.events
        .filter((e) => e.event === 'message')
        .map((e) => (e.data as { message: { id: string; status: string } }).message)
        .filter((m) => m.id === id)
        .map((m) => m.status);
    await until(() => statuses().includes('read'));
    expect(statuses()).toEqual(['sent', 'delivered', 'read']);
    stream.stop();
    await stream.done;
    device.close();
  });
});
