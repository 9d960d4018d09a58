import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVER_EVENTS,
  TEMPLATE_SEND_EVENT,
  TEMPLATE_SEND_MESSAGES,
  type Ack,
} from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../../test/fixtures.js';
import { createChat, fundAccount } from '../../../test/fixtures-inbox.js';
import { listenLocally, socketClients } from '../../../test/sockets.js';
import { closeCustomerWindow, insertTestTemplate } from './test-fixtures.js';

/** The template send over a real socket: the same service, answered through the ack. */
let ctx: TestContext;
let url: string;
let admin: TestUser;
let chatId: string;
let orderTemplate: string;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  const channel = await createWhatsappChannel(ctx, accountId);
  orderTemplate = await insertTestTemplate(ctx, { accountId, channelId: channel.id });
  chatId = await createChat(ctx, accountId, { channelId: channel.id });
  await closeCustomerWindow(ctx, chatId);
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const open = (user: TestUser) => clients.open(url, user.token);

describe('over the socket', () => {
  it('sends the template through the ack and announces message.out', async () => {
    const socket = await open(admin);
    try {
      const heard = new Promise<unknown>((resolve) =>
        socket.on(SERVER_EVENTS.messageOut, (payload: unknown) => resolve(payload)),
      );
      const ack = (await socket.emitWithAck(TEMPLATE_SEND_EVENT, {
        chatId,
        templateId: orderTemplate,
        params: ['Sari', 'INV-9'],
      })) as Ack<{ _id: string; text: string }>;
      expect(ack).toMatchObject({
        ok: true,
        data: { text: 'Halo Sari, pesanan INV-9 sudah dikirim.' },
      });
      expect(await heard).toMatchObject({
        chat: { _id: chatId },
        message: { text: 'Halo Sari, pesanan INV-9 sudah dikirim.', status: 'queue' },
      });
      const bad = (await socket.emitWithAck(TEMPLATE_SEND_EVENT, {
        chatId,
        templateId: orderTemplate,
        params: ['Sari'],
      })) as Ack;
      expect(bad).toMatchObject({ ok: false, message: TEMPLATE_SEND_MESSAGES.paramRequired(2) });
      const invalid = (await socket.emitWithAck(TEMPLATE_SEND_EVENT, { chatId })) as Ack;
      expect(invalid).toMatchObject({ ok: false, message: 'The template id is not valid' });
    } finally {
      socket.disconnect();
    }
  });
});
