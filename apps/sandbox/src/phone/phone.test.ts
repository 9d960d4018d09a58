import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AUTH, businessSays, PNID } from '../test/helpers.js';
import { follow, until } from '../test/sse.js';
import { sandboxPerTest } from '../test/per-test.js';

const sandbox = sandboxPerTest();

const WA = '6281234567890';

describe('customer phone', () => {
  it('serves the page and its bundled script with the stable test ids', async () => {
    const page = await sandbox.app.inject({
      url: `/phone?number=${PNID}&customer=${WA}&name=%3Cb%3EAna`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/phone/app.js');
    expect(page.body).toContain('"customer":"6281234567890"');
    expect(page.body).not.toContain('<b>Ana');
    const js = await sandbox.app.inject({ url: '/phone/app.js' });
    expect(js.statusCode).toBe(200);
    for (const id of [
      'phone-number-select',
      'phone-customer-id',
      'phone-customer-name',
      'phone-input',
      'phone-send',
      'phone-attach',
      'phone-message',
      'phone-ticks',
    ]) {
      expect(js.body).toContain(id);
    }
    const css = await sandbox.app.inject({ url: '/phone/app.css' });
    expect(css.body).toContain('.bubble');
  }, 30_000);

  it('streams a snapshot, business messages and ticks; an open page reads what the business sends', async () => {
    await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;
    const own = await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/customers/${WA}/messages`,
      payload: { phoneNumberId: PNID, name: 'Budi', type: 'text', text: 'Halo' },
    });
    const ownId = own.json<{ id: string }>().id;

    const stream = follow(`${base}/sandbox/events?number=${PNID}&customer=${WA}`);
    await until(() => stream.events.some((e) => e.event === 'snapshot'));
    const snapshot = stream.events[0]!.data as { messages: Array<{ id: string }> };
    expect(snapshot.messages.map((m) => m.id)).toEqual([ownId]);

    const bizId = await businessSays(sandbox.app, WA, 'Halo Budi!');
    await until(() =>
      stream.events.some((e) => e.event === 'message' && (e.data as { id: string }).id === bizId),
    );
    const bubble = stream.events.find(
      (e) => e.event === 'message' && (e.data as { id: string }).id === bizId,
    )!.data;
    expect(bubble).toMatchObject({
      from: 'business',
      type: 'text',
      content: { body: 'Halo Budi!' },
    });

    // The page is open, so the business message goes sent → delivered → read, each as a webhook.
    await sandbox.receiver.waitFor(() =>
      sandbox.receiver.statuses().some((s) => s.id === bizId && s.status === 'read'),
    );
    expect(
      sandbox.receiver
        .statuses()
        .filter((s) => s.id === bizId)
        .map((s) => s.status),
    ).toEqual(['sent', 'delivered', 'read']);

    // Business marks the customer's message read: the page gets blue ticks.
    await sandbox.app.inject({
      method: 'POST',
      url: `/v21.0/${PNID}/messages`,
      headers: AUTH,
      payload: { messaging_product: 'whatsapp', status: 'read', message_id: ownId },
    });
    await until(() =>
      stream.events.some(
        (e) =>
          e.event === 'status' &&
          (e.data as { id: string; status: string }).id === ownId &&
          (e.data as { status: string }).status === 'read',
      ),
    );
    stream.stop();
    await stream.done;
  });

  it('a closed page leaves business messages delivered until the chat is opened', async () => {
    await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;
    await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/customers/${WA}/messages`,
      payload: { phoneNumberId: PNID, type: 'text', text: 'Hi' },
    });
    const bizId = await businessSays(sandbox.app, WA, 'Later');
    await sandbox.receiver.waitFor(() =>
      sandbox.receiver.statuses().some((s) => s.id === bizId && s.status === 'delivered'),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(sandbox.receiver.statuses().some((s) => s.id === bizId && s.status === 'read')).toBe(
      false,
    );
    const stream = follow(`${base}/sandbox/events?number=${PNID}&customer=${WA}`);
    await sandbox.receiver.waitFor(() =>
      sandbox.receiver.statuses().some((s) => s.id === bizId && s.status === 'read'),
    );
    stream.stop();
    await stream.done;
  });
});
