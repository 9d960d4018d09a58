import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat, openTicket } from '../../test/fixtures-inbox.js';
import { createTemplate, credit, rows } from '../broadcasts/test-helpers.js';

/**
 * What an integrator does with nothing but a key (issue 19): every service behind these routes
 * takes the key as the account, with no user behind it, and attributes its writes to the key.
 */
let ctx: TestContext;
let admin: TestUser;
let agent: TestUser;
let accountId: string;
let channelId: string;
let templateId: string;
let key: string;
let keyId: string;

const asKey = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx, { type: 'api_only' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  templateId = await createTemplate(ctx, accountId, channelId);
  await credit(ctx, accountId, 1_000_000);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.auth,
    payload: { name: 'ERP', scopes: SCOPES },
  });
  key = res.json().key;
  keyId = res.json()._id;
});
afterAll(() => ctx.close());

describe('an integration with only a key', () => {
  it('sends a template, and assigns, labels and resolves the chat', async () => {
    const chatId = await createChat(ctx, accountId, { channelId });
    await openTicket(ctx, accountId, chatId);
    const sent = await asKey('POST', '/api/messages/template', {
      chatId,
      templateId,
      params: ['Budi', 'INV-1'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().username).toBe('API key ERP');

    const assigned = await asKey('POST', '/api/chats/assign', { chatId, agentId: agent.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().chat.agentId).toBe(agent.id);
    const assignedEvent = ctx.events.findLast((e) => e.type === 'chat.assigned');
    expect(assignedEvent).toMatchObject({ by: { _id: keyId, name: 'API key ERP', apiKey: true } });

    const label = await ctx.app.inject({
      method: 'POST',
      url: '/api/labels',
      headers: admin.auth,
      payload: { label: 'VIP', color: '#2f9e44' },
    });
    expect(label.statusCode, label.body).toBe(201);
    const labelled = await asKey('POST', '/api/chats/labels', {
      chatId,
      labelIds: [label.json()._id],
    });
    expect(labelled.statusCode, labelled.body).toBe(200);

    const resolved = await asKey('POST', '/api/chats/resolve-ticket', { chatId });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const ticket = await ctx.deps.db
      .selectFrom('tickets')
      .select(['close_at', 'resolved_by'])
      .where('chat_id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(ticket.close_at).not.toBeNull();
    expect(ticket.resolved_by).toBeNull();
  });

  it('creates and reads contacts, and a broadcast with its recipients', async () => {
    const contact = await asKey('POST', '/api/contacts', { name: 'Sari', phone: '6281299990000' });
    expect(contact.statusCode, contact.body).toBe(201);
    const read = await asKey('GET', `/api/contacts/${contact.json()._id}`);
    expect(read.statusCode).toBe(200);

    const check = await asKey('POST', '/api/broadcasts/recipients/check', {
      templateId,
      source: { type: 'text', text: rows(2) },
    });
    expect(check.statusCode, check.body).toBe(200);
    const created = await asKey('POST', '/api/broadcasts', {
      title: 'From the ERP',
      channelId,
      templateId,
      draftId: check.json().draftId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    expect((await asKey('GET', `/api/broadcasts/${id}`)).statusCode).toBe(200);
    const recipients = await asKey('GET', `/api/broadcastrecipients?broadcastId=${id}`);
    expect(recipients.statusCode, recipients.body).toBe(200);
    const row = await ctx.deps.db
      .selectFrom('broadcasts')
      .select('created_by')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBeNull();
  });

  it('reads reports as the whole account, and has no chats of its own', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const report = await asKey('GET', `/api/reports?from=${today}&to=${today}`);
    expect(report.statusCode, report.body).toBe(200);
    const mine = await asKey('GET', '/api/chats/paginate?assignee=MINE');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([]);
    const all = await asKey('GET', '/api/chats/paginate');
    expect(all.json().data.length).toBeGreaterThan(0);
  });
});
