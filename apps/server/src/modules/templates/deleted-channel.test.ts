import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Template } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat, fundAccount } from '../../test/fixtures-inbox.js';
import { closeCustomerWindow, insertTestTemplate } from '../inbox/templates/test-fixtures.js';
import { call } from './test-helpers.js';

/**
 * A deleted channel's templates stay in the database (messages and broadcasts name them) but
 * leave every list: the templates page, its counts, and the pickers of the inbox composer and
 * the broadcast form. A disconnected channel's stay listed; sending one is refused with the
 * channel's reason, nothing queued.
 */
let ctx: TestContext;
let admin: TestUser;
let accountId: string;
let live: { channelId: string; templateId: string; chatId: string };
let deleted: { channelId: string; templateId: string; chatId: string };
let disconnected: { channelId: string; templateId: string; chatId: string };

async function channelWithTemplate(name: string) {
  const channelId = (await createWhatsappChannel(ctx, accountId)).id;
  const templateId = await insertTestTemplate(ctx, { accountId, channelId, name });
  const chatId = await createChat(ctx, accountId, { channelId });
  await closeCustomerWindow(ctx, chatId);
  return { channelId, templateId, chatId };
}

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  live = await channelWithTemplate('promo_live');
  deleted = await channelWithTemplate('promo_deleted');
  disconnected = await channelWithTemplate('promo_disconnected');
  // As `DELETE /api/services/:id` leaves them: disconnected first, then deleted.
  const at = ctx.clock.now();
  await ctx.deps.db
    .updateTable('channels')
    .set({ disconnected_at: at, deleted_at: at })
    .where('id', '=', deleted.channelId)
    .execute();
  await ctx.deps.db
    .updateTable('channels')
    .set({ disconnected_at: at })
    .where('id', '=', disconnected.channelId)
    .execute();
});
afterAll(() => ctx.close());

const ids = (body: { data: Template[] }) => body.data.map((t) => t._id);

describe("a deleted channel's templates", () => {
  it('leave the templates list, its total and its counts, and stay in the database', async () => {
    const list = await call(ctx, admin, 'GET', '/api/hsm?perpage=100');
    expect(list.statusCode).toBe(200);
    expect(ids(list.json())).toEqual(
      expect.arrayContaining([live.templateId, disconnected.templateId]),
    );
    expect(ids(list.json())).not.toContain(deleted.templateId);
    expect(list.json().total).toBe(2);
    const accepted = await call(ctx, admin, 'GET', '/api/hsm?status=accepted&perpage=100');
    expect(ids(accepted.json())).not.toContain(deleted.templateId);
    const count = await call(ctx, admin, 'GET', '/api/hsm/count');
    expect(count.json()).toMatchObject({ total: 2, byStatus: { accepted: 2 } });

    const kept = await ctx.deps.db
      .selectFrom('templates')
      .select('id')
      .where('id', '=', deleted.templateId)
      .executeTakeFirst();
    expect(kept).toBeDefined();
  });

  it('leave the composer’s picker; a disconnected channel’s stay listed there', async () => {
    const gone = await call(ctx, admin, 'GET', `/api/chats/${deleted.chatId}/templates`);
    expect(gone.statusCode).toBe(200);
    expect(ids(gone.json())).toEqual([]);
    const off = await call(ctx, admin, 'GET', `/api/chats/${disconnected.chatId}/templates`);
    expect(ids(off.json())).toEqual([disconnected.templateId]);
  });
});

describe("sending a disconnected or deleted channel's template", () => {
  it('is refused with the channel’s reason, nothing queued', async () => {
    for (const c of [disconnected, deleted]) {
      const res = await call(ctx, admin, 'POST', '/api/messages/template', {
        chatId: c.chatId,
        templateId: c.templateId,
        params: ['Budi', 'INV-1'],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CHANNEL_DISCONNECTED',
        message: MESSAGES.channelDisconnected,
      });
      const queued = await ctx.deps.db
        .selectFrom('messages')
        .select('id')
        .where('chat_id', '=', c.chatId)
        .where('from_me', '=', true)
        .execute();
      expect(queued).toEqual([]);
    }
    const sent = await call(ctx, admin, 'POST', '/api/messages/template', {
      chatId: live.chatId,
      templateId: live.templateId,
      params: ['Budi', 'INV-1'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});
