import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, MESSAGES, SERVER_EVENTS, type Ack } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { listenLocally, socketClients } from '../../test/sockets.js';
import { routingAccount, writeSettings } from './test-helpers.js';
import { WELCOME_NOT_SET } from './welcome.service.js';

let ctx: TestContext;
let url: string;
const clients = socketClients();
beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const open = (token: string) => clients.open(url, token);

const emit = (socket: Socket, payload: unknown) =>
  new Promise<Ack>((resolve) =>
    socket.emit(CLIENT_EVENTS.sendWelcomeMessage, payload, (ack: Ack) => resolve(ack)),
  );

describe('send.welcome.message', () => {
  it('sends the welcome message as the system once per window and announces welcome.message.out', async () => {
    const a = await routingAccount(ctx, []);
    const chatId = await a.writes();
    const socket = await open(a.admin.token);
    const announced: unknown[] = [];
    socket.on(SERVER_EVENTS.welcomeMessageOut, (p: unknown) => announced.push(p));

    expect(await emit(socket, { chatId })).toMatchObject({ ok: false, message: WELCOME_NOT_SET });
    await writeSettings(ctx, a.admin, { welcomeMessage: 'Selamat datang!' });
    const first = await emit(socket, { chatId });
    expect(first).toMatchObject({
      ok: true,
      data: { sent: true, message: { text: 'Selamat datang!' } },
    });
    expect(await emit(socket, { chatId })).toMatchObject({ ok: true, data: { sent: false } });
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select(['is_system', 'sender_id'])
      .where('chat_id', '=', chatId)
      .where('from_me', '=', true)
      .execute();
    expect(stored).toEqual([{ is_system: true, sender_id: null }]);
    for (let i = 0; i < 50 && announced.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(announced).toHaveLength(1);

    // After the 24-hour window the message may not go out.
    ctx.clock.advance(25 * 3_600_000);
    expect(await emit(socket, { chatId })).toMatchObject({
      ok: false,
      message: MESSAGES.windowClosedCode,
    });
    expect(await emit(socket, { chatId: 'nope' })).toMatchObject({ ok: false });
  });
});
