import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from '@sapa/contracts';
import { createPeer, createTestContext, type TestContext } from '../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../test/fixtures.js';
import { signed, text } from '../test/whatsapp-fixtures.js';
import type { App } from '../http/types.js';

let ctx: TestContext;
let peer: { app: App; close(): Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext();
  peer = await createPeer(ctx);
  await peer.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

describe('several server processes on one database', () => {
  it('a webhook received by one process reaches a socket connected to the other', async () => {
    const accountId = await createAccount(ctx);
    const channel = await createWhatsappChannel(ctx, accountId);
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    const port = (peer.app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received = new Promise<{ message: { text: string } }>((resolve) =>
      socket.on(SERVER_EVENTS.newMessageIn, resolve),
    );

    const { body, headers } = signed(
      text('across processes', { phoneNumberId: channel.phoneNumberId }),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/meta',
      payload: body,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const event = await Promise.race([
      received,
      new Promise<null>((r) => setTimeout(() => r(null), 5000)),
    ]);
    socket.disconnect();
    expect(event?.message.text).toBe('across processes');
  });
});
