import { LIMITS } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { newCustomer } from '../../test/customer.js';
import { inbound, signed, text, wamid } from '../../test/whatsapp-fixtures.js';

/**
 * What a signed webhook may carry that PostgreSQL or the inbox cannot take as is: a NUL in any
 * text, a timestamp past every calendar, a 5 MB text. Each is stored (cleaned, clamped or cut)
 * and answered 200: a 5xx makes Meta redeliver the whole batch, forever.
 */
let ctx: TestContext;
let phoneNumberId: string;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx);
  phoneNumberId = (await createWhatsappChannel(ctx, accountId)).phoneNumberId;
  admin = await createUser(ctx, accountId, { role: 'admin' });
});
afterAll(() => ctx.close());

const now = () => Math.floor(ctx.clock.now().getTime() / 1000);

async function post(payload: unknown) {
  const { body, headers } = signed(payload);
  return ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
}

const stored = (from: string) =>
  ctx.deps.db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.text', 'm.payload', 'm.sent_at', 'c.name', 'c.id as chat_id'])
    .where('c.identifier', '=', from)
    .orderBy('m.id')
    .execute();

describe('NUL in webhook text', () => {
  it('is stripped from the text, the name and the payload; the rest is stored', async () => {
    const from = newCustomer();
    const res = await post(
      text('Ha\u0000lo', { phoneNumberId, from, name: 'A\u0000na', timestamp: now() }),
    );
    expect(res.statusCode).toBe(200);
    const card = { name: { formatted_name: 'Bu\u0000di' }, org: { company: 'P\u0000T' } };
    const res2 = await post(
      inbound(
        { type: 'contacts', contacts: [card] },
        { phoneNumberId, from, name: 'Ana', timestamp: now() + 1 },
      ),
    );
    expect(res2.statusCode).toBe(200);
    const rows = await stored(from);
    expect(rows.map((r) => r.text)).toEqual(['Halo', 'Budi']);
    expect(rows[1]?.payload).toMatchObject({
      contacts: [{ name: { formatted_name: 'Budi' }, org: { company: 'PT' } }],
    });
    expect(rows[0]?.name).toBe('Ana');
  });

  it('does not fail the other messages of its batch', async () => {
    const from = newCustomer();
    const payload = text('first', { phoneNumberId, from, timestamp: now() });
    const value = payload.entry[0]!.changes[0]!.value as unknown as {
      messages: Record<string, unknown>[];
    };
    value.messages.push({
      from,
      id: wamid(),
      timestamp: String(now() + 1),
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'b\u0000', title: 'Y\u0000a' } },
    });
    expect((await post(payload)).statusCode).toBe(200);
    expect((await stored(from)).map((r) => r.text)).toEqual(['first', 'Ya']);
  });
});

describe('a long profile name', () => {
  it('is cut before it reaches the name indexes (an index row holds ~2,700 bytes)', async () => {
    const from = newCustomer();
    // Random letters: a repeated one would compress below the index's limit.
    const name = Array.from({ length: 20_000 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const res = await post(text('hi', { phoneNumberId, from, name, timestamp: now() }));
    expect(res.statusCode).toBe(200);
    const [row] = await stored(from);
    expect(row?.text).toBe('hi');
    expect(name.startsWith(row?.name ?? '-')).toBe(true);
    expect(row?.name.length).toBeLessThan(1_000);
  });
});

describe('a webhook timestamp out of range', () => {
  it.each([
    ['past every calendar', '1e20'],
    ['not a number', 'soon'],
    ['negative', '-5'],
  ])('(%s) stores the message at the time it arrived', async (_, timestamp) => {
    const from = newCustomer();
    const payload = inbound(
      { type: 'text', text: { body: 'hello' }, timestamp },
      { phoneNumberId, from },
    );
    expect((await post(payload)).statusCode).toBe(200);
    const [row] = await stored(from);
    expect(row?.text).toBe('hello');
    expect(row?.sent_at.getTime()).toBeLessThanOrEqual(ctx.clock.now().getTime());
  });

  it('in the future is brought back to now (it would hold the 24-hour window open for years)', async () => {
    const from = newCustomer();
    const inYear5000 = 95_617_584_000;
    expect(
      (await post(text('later', { phoneNumberId, from, timestamp: inYear5000 }))).statusCode,
    ).toBe(200);
    const [row] = await stored(from);
    expect(row?.sent_at.toISOString()).toBe(ctx.clock.now().toISOString());
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['initiate_at', 'last_update'])
      .where('identifier', '=', from)
      .executeTakeFirstOrThrow();
    expect(chat.initiate_at?.toISOString()).toBe(ctx.clock.now().toISOString());
    // A new chat starts at the database's now(); the year 5000 must not have moved it on.
    expect(chat.last_update.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('an inbound text of 5 MB', () => {
  it('is stored cut to the inbound cap, and the chat list carries a short lastMessage', async () => {
    const from = newCustomer();
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const res = await post(text(huge, { phoneNumberId, from, timestamp: now() }));
    expect(res.statusCode).toBe(200);

    const [row] = await stored(from);
    expect(row?.text.length).toBeLessThanOrEqual(LIMITS.inboundTextMax + 1);
    expect(row?.text.startsWith('x'.repeat(LIMITS.inboundTextMax))).toBe(true);
    expect(row?.payload).toMatchObject({ truncated: { length: huge.length } });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate?perpage=50',
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    const chat = (list.json() as { data: { _id: string; lastMessage: string }[] }).data.find(
      (c) => c._id === row?.chat_id,
    );
    expect(chat?.lastMessage.length).toBeLessThanOrEqual(LIMITS.lastMessageMax);
    expect(list.body.length).toBeLessThan(100_000);
  });

  it('a chat whose stored preview is already huge is cut when listed', async () => {
    const from = newCustomer();
    expect((await post(text('short', { phoneNumberId, from, timestamp: now() }))).statusCode).toBe(
      200,
    );
    const [row] = await stored(from);
    // A row written before the cap existed.
    await ctx.deps.db
      .updateTable('chats')
      .set({ last_message_text: 'y'.repeat(1_000_000) })
      .where('id', '=', row!.chat_id)
      .execute();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate?perpage=50',
      headers: admin.auth,
    });
    const chat = (list.json() as { data: { _id: string; lastMessage: string }[] }).data.find(
      (c) => c._id === row?.chat_id,
    );
    expect(chat?.lastMessage).toBe('y'.repeat(LIMITS.lastMessageMax));
  });
});
