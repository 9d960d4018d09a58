import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, TEMPLATE_SEND_MESSAGES } from '@sapa/contracts';
import type { TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../../test/fixtures.js';
import { createChat } from '../../../test/fixtures-inbox.js';
import type { GraphStub } from '../../../test/graph-stub.js';
import { startSending, type SendingSetup } from '../../../test/sending.js';
import { signed, text } from '../../../test/whatsapp-fixtures.js';
import { closeCustomerWindow, insertTestTemplate, type TemplateValues } from './test-fixtures.js';

let setup: SendingSetup;
let ctx: TestContext;
let graph: GraphStub;
let accountId: string;
let admin: TestUser;
let channel: { id: string; phoneNumberId: string };
let chatId: string;
let orderTemplate: string;

const listTemplates = (id: string, user = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/chats/${id}/templates`, headers: user.auth });
const sendTemplate = (payload: Record<string, unknown>, user = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages/template', headers: user.auth, payload });
const closeWindow = (id: string) => closeCustomerWindow(ctx, id);
const insertTemplate = (values: TemplateValues = {}) =>
  insertTestTemplate(ctx, { accountId, channelId: channel.id, ...values });

beforeAll(async () => {
  setup = await startSending({ token: 'tpl-token-1' });
  ({ ctx, graph, accountId, admin, channel } = setup);
  orderTemplate = await insertTemplate({
    name: 'order_shipped',
    footer: 'Toko Demo',
  });
});
afterAll(() => setup.close());

beforeEach(async () => {
  ctx.jobs.queued.length = 0;
  graph.calls.length = 0;
  chatId = await createChat(ctx, accountId, { channelId: channel.id, name: 'Budi' });
  ctx.events.length = 0;
});

describe('GET /api/chats/:id/templates', () => {
  it("lists only the accepted templates of the chat's channel, in the template shape", async () => {
    await insertTemplate({ name: 'still_draft', status: 'draft' });
    await insertTemplate({ name: 'was_rejected', status: 'rejected' });
    const otherChannel = await createWhatsappChannel(ctx, accountId);
    await insertTemplate({ name: 'other_channel', channelId: otherChannel.id });

    const res = await listTemplates(chatId);
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((t: { name: string }) => t.name);
    expect(names).toContain('order_shipped');
    expect(names).not.toContain('still_draft');
    expect(names).not.toContain('was_rejected');
    expect(names).not.toContain('other_channel');
    const order = res.json().data.find((t: { name: string }) => t.name === 'order_shipped');
    expect(order).toMatchObject({
      _id: orderTemplate,
      status: 'accepted',
      channelId: channel.id,
      channelName: 'WhatsApp',
      bodyParamCount: 2,
      headerType: null,
      headerParam: false,
      footer: 'Toko Demo',
      examples: { body: ['Budi', 'INV-1'], header: null },
      buttons: [{ type: 'chat', label: 'Terima kasih', code: 'thanks' }],
    });
  });

  it('answers 404 for a chat the caller may not see or of another account', async () => {
    const agent = await createUser(ctx, accountId, { role: 'agent', allChat: false });
    const colleague = await createUser(ctx, accountId, { role: 'agent' });
    const theirs = await createChat(ctx, accountId, {
      channelId: channel.id,
      agentId: colleague.id,
    });
    const hidden = await listTemplates(theirs, agent);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(MESSAGES.noActiveChatroom);

    const stranger = await createUser(ctx, await createAccount(ctx));
    expect((await listTemplates(chatId, stranger)).statusCode).toBe(404);
  });
});

describe('POST /api/messages/template', () => {
  it('window closed: free-form is refused, the template goes to Graph with its components', async () => {
    await closeWindow(chatId);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId, text: 'halo?' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('WINDOW_CLOSED');

    const res = await sendTemplate({
      chatId,
      templateId: orderTemplate,
      params: [' Budi ', 'INV-042'],
    });
    expect(res.statusCode).toBe(201);
    const msg = res.json();
    expect(msg).toMatchObject({
      status: 'queue',
      fromMe: true,
      msgType: 'text',
      text: 'Halo Budi, pesanan INV-042 sudah dikirim.',
      payload: {
        template: {
          id: orderTemplate,
          name: 'order_shipped',
          language: 'id',
          params: ['Budi', 'INV-042'],
          footer: 'Toko Demo',
        },
      },
    });
    expect(ctx.jobs.queued.map((j) => j.name)).toEqual(['message.send']);
    // The chat had no agent: the reply makes the replier its agent (reply-claims.test.ts).
    expect(ctx.events.map((e) => e.type)).toEqual(['chat.assigned', 'message.created']);
    const created = ctx.events[1];
    expect(created?.type === 'message.created' && created.origin).toBe('socket');

    await ctx.jobs.drain();
    const call = graph.calls.find((c) => c.path.endsWith(`/${channel.phoneNumberId}/messages`));
    expect(call?.auth).toBe('Bearer tpl-token-1');
    expect(call?.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'template',
      template: {
        name: 'order_shipped',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Budi' },
              { type: 'text', text: 'INV-042' },
            ],
          },
        ],
      },
    });
    const row = await ctx.deps.db
      .selectFrom('messages')
      .select(['status', 'provider_message_id'])
      .where('id', '=', Number(msg._id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.provider_message_id).toMatch(/^wamid\./);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['flag', 'last_message_text'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({ flag: 'green', last_message_text: msg.text });
  });

  it('sends a text header parameter and an https media header', async () => {
    const withHeader = await insertTemplate({
      headerType: 'text',
      headerText: 'Promo {{1}}',
      content: 'Diskon untuk {{1}}',
    });
    const res = await sendTemplate({
      chatId,
      templateId: withHeader,
      params: ['Budi'],
      headerParam: 'Akhir Tahun',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().payload.template).toMatchObject({
      headerText: 'Promo Akhir Tahun',
      headerParam: 'Akhir Tahun',
    });

    const withImage = await insertTemplate({ headerType: 'image', content: 'Katalog baru' });
    const noUrl = await sendTemplate({ chatId, templateId: withImage, params: [] });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toBe(TEMPLATE_SEND_MESSAGES.headerMediaRequired);
    const http = await sendTemplate({
      chatId,
      templateId: withImage,
      headerMediaUrl: 'http://cdn.example.com/a.png',
    });
    expect(http.json().message).toBe(TEMPLATE_SEND_MESSAGES.headerMediaHttps);
    const ok = await sendTemplate({
      chatId,
      templateId: withImage,
      headerMediaUrl: 'https://cdn.example.com/katalog.png',
    });
    expect(ok.statusCode).toBe(201);

    await ctx.jobs.drain();
    const bodies = graph.calls
      .filter((c) => c.path.endsWith('/messages'))
      .map((c) => (c.body as { template: unknown }).template);
    expect(bodies).toEqual([
      {
        name: expect.any(String),
        language: { code: 'id' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Akhir Tahun' }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Budi' }] },
        ],
      },
      {
        name: expect.any(String),
        language: { code: 'id' },
        components: [
          {
            type: 'header',
            parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/katalog.png' } }],
          },
        ],
      },
    ]);
  });

  it('validates every body parameter against the template', async () => {
    const missing = await sendTemplate({ chatId, templateId: orderTemplate, params: ['Budi'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: TEMPLATE_SEND_MESSAGES.paramRequired(2),
      code: 'VALIDATION',
      issues: [{ path: 'params.1', message: TEMPLATE_SEND_MESSAGES.paramRequired(2) }],
    });
    const blank = await sendTemplate({ chatId, templateId: orderTemplate, params: ['  ', 'x'] });
    expect(blank.json().message).toBe(TEMPLATE_SEND_MESSAGES.paramRequired(1));
    const newline = await sendTemplate({
      chatId,
      templateId: orderTemplate,
      params: ['Budi\nSantoso', 'x'],
    });
    expect(newline.json().message).toBe(TEMPLATE_SEND_MESSAGES.paramFormat(1));
    const extra = await sendTemplate({
      chatId,
      templateId: orderTemplate,
      params: ['a', 'b', 'c'],
    });
    expect(extra.json().message).toBe(TEMPLATE_SEND_MESSAGES.paramCount(2));
    const long = await sendTemplate({
      chatId,
      templateId: orderTemplate,
      params: ['a'.repeat(1000), 'b'],
    });
    expect(long.json().message).toBe(TEMPLATE_SEND_MESSAGES.bodyTooLong);
    const badId = await sendTemplate({ chatId, templateId: 'nope', params: [] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('The template id is not valid');
    expect(ctx.jobs.queued).toHaveLength(0);
  });

  it('refuses a template that is not accepted, of another channel or of another account', async () => {
    const draft = await insertTemplate({ status: 'published', content: 'Halo' });
    const otherChannel = await createWhatsappChannel(ctx, accountId);
    const elsewhere = await insertTemplate({ channelId: otherChannel.id, content: 'Halo' });
    const otherAccount = await createAccount(ctx);
    const foreignChannel = await createWhatsappChannel(ctx, otherAccount);
    const foreign = await insertTemplate({
      accountId: otherAccount,
      channelId: foreignChannel.id,
      content: 'Halo',
    });
    for (const templateId of [draft, elsewhere, foreign]) {
      const res = await sendTemplate({ chatId, templateId, params: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: TEMPLATE_SEND_MESSAGES.templateNotFound,
        code: 'TEMPLATE_NOT_ACCEPTED',
      });
    }
    expect(ctx.jobs.queued).toHaveLength(0);
  });

  it('applies chat visibility and account scoping, and refuses a blocked chat', async () => {
    const agent = await createUser(ctx, accountId, { role: 'agent', allChat: false });
    const colleague = await createUser(ctx, accountId, { role: 'agent' });
    const theirs = await createChat(ctx, accountId, {
      channelId: channel.id,
      agentId: colleague.id,
    });
    const body = { templateId: orderTemplate, params: ['a', 'b'] };
    const hidden = await sendTemplate({ chatId: theirs, ...body }, agent);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(MESSAGES.noActiveChatroom);
    const mine = await createChat(ctx, accountId, { channelId: channel.id, agentId: agent.id });
    expect((await sendTemplate({ chatId: mine, ...body }, agent)).statusCode).toBe(201);

    const stranger = await createUser(ctx, await createAccount(ctx));
    expect((await sendTemplate({ chatId, ...body }, stranger)).statusCode).toBe(404);

    const blocked = await createChat(ctx, accountId, { channelId: channel.id, blocked: true });
    const res = await sendTemplate({ chatId: blocked, ...body });
    expect(res.json()).toMatchObject({ message: MESSAGES.chatBlocked, code: 'CHAT_BLOCKED' });
  });

  it('is idempotent per generatedId and works inside the window too', async () => {
    const body = { chatId, templateId: orderTemplate, params: ['a', 'b'], generatedId: 'tpl-1' };
    const a = await sendTemplate(body);
    const b = await sendTemplate(body);
    expect(a.statusCode).toBe(201);
    expect(b.json()._id).toBe(a.json()._id);
    expect(ctx.jobs.queued).toHaveLength(1);
  });

  it('a customer reply after the template reopens the window for free-form messages', async () => {
    const { identifier } = await ctx.deps.db
      .selectFrom('chats')
      .select('identifier')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    await closeWindow(chatId);
    const tpl = await sendTemplate({ chatId, templateId: orderTemplate, params: ['a', 'b'] });
    expect(tpl.statusCode).toBe(201);
    await ctx.jobs.drain();
    const freeForm = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: admin.auth,
        payload: { chatId, text: 'Terima kasih kak' },
      });
    // Sending the template does not itself reopen the window: only the customer can.
    expect((await freeForm()).statusCode).toBe(400);

    const { body, headers } = signed(
      text('Sudah saya terima', {
        phoneNumberId: channel.phoneNumberId,
        from: identifier,
        timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
      }),
    );
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/meta',
      payload: body,
      headers,
    });
    expect(hook.statusCode).toBe(200);
    expect((await freeForm()).statusCode).toBe(201);
  });
});
