import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../test/fixtures.js';
import { inbound, signed, status, text, wamid } from '../../test/whatsapp-fixtures.js';

let ctx: TestContext;
let accountId: string;
let channel: { id: string; phoneNumberId: string };
beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  channel = await createWhatsappChannel(ctx, accountId);
});
afterAll(() => ctx.close());

const post = (payload: unknown, secret?: string) => {
  const { body, headers } = signed(payload, secret);
  return ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
};
const count = async (table: 'messages' | 'chats' | 'contacts') =>
  Number(
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE account_id = ${accountId}`.execute(
        ctx.deps.db,
      )
    ).rows[0]?.n,
  );

describe('GET /webhooks/meta (verification handshake)', () => {
  it('echoes the challenge for the right token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/webhooks/meta?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=test-verify-token',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
  });

  it('answers 403 for a wrong token or mode', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/webhooks/meta?hub.mode=subscribe&hub.challenge=1&hub.verify_token=nope',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/webhooks/meta?hub.mode=other&hub.challenge=1&hub.verify_token=test-verify-token',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('POST /webhooks/meta', () => {
  it('refuses a missing or wrong signature and stores nothing', async () => {
    const before = await count('messages');
    const payload = text('hello', { phoneNumberId: channel.phoneNumberId });
    expect((await post(payload, 'wrong-secret')).statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/meta',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await count('messages')).toBe(before);
  });

  it('stores a customer message with its contact and chat, and announces it', async () => {
    ctx.events.length = 0;
    const res = await post(
      text('Halo, stok ada?', {
        phoneNumberId: channel.phoneNumberId,
        from: '6281200000001',
        name: 'Sari',
      }),
    );
    expect(res.statusCode).toBe(200);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .selectAll()
      .where('identifier', '=', '6281200000001')
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({
      name: 'Sari',
      flag: 'red',
      unread_count: 1,
      last_message_text: 'Halo, stok ada?',
      account_id: accountId,
    });
    expect(chat.initiate_at).not.toBeNull();
    const contact = await ctx.deps.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', chat.contact_id)
      .executeTakeFirstOrThrow();
    expect(contact.phone).toBe('81200000001');
    // The live dashboard's nudge (reports module) may follow; the message is announced once.
    expect(ctx.events.map((e) => e.type).filter((type) => type !== 'dashboard.updated')).toEqual([
      'message.created',
    ]);
  });

  it('stores twenty concurrent deliveries of one wamid exactly once, with one event', async () => {
    ctx.events.length = 0;
    const id = wamid();
    const payload = text('dup', {
      phoneNumberId: channel.phoneNumberId,
      id,
      from: '6281200000002',
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(payload)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(ctx.events.filter((e) => e.type === 'message.created')).toHaveLength(1);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select('unread_count')
      .where('identifier', '=', '6281200000002')
      .executeTakeFirstOrThrow();
    expect(chat.unread_count).toBe(1);
  });

  it('acknowledges unknown numbers and other objects without storing', async () => {
    const before = await count('messages');
    expect((await post(text('x', { phoneNumberId: '999999999' }))).statusCode).toBe(200);
    expect((await post({ object: 'page', entry: [] })).statusCode).toBe(200);
    expect(await count('messages')).toBe(before);
  });

  it('reads Messenger and Instagram webhooks but stores nothing until the inbox takes them', async () => {
    const before = await count('messages');
    for (const object of ['page', 'instagram']) {
      const item = {
        sender: { id: '7700000000000001' },
        recipient: { id: '104000000000001' },
        timestamp: Date.now(),
        message: { mid: `m_${object}`, text: 'Halo' },
      };
      const res = await post({ object, entry: [{ id: '104000000000001', messaging: [item] }] });
      expect(res.statusCode).toBe(200);
    }
    expect(await count('messages')).toBe(before);
  });

  it('queues a download for inbound media', async () => {
    ctx.jobs.queued.length = 0;
    await post(
      inbound(
        { type: 'image', image: { id: 'MEDIA9', mime_type: 'image/jpeg', sha256: 'x' } },
        { phoneNumberId: channel.phoneNumberId },
      ),
    );
    expect(ctx.jobs.queued.map((j) => j.name)).toEqual(['media.fetch']);
    ctx.jobs.queued.length = 0;
  });

  it('answers 5xx when a write fails, so Meta retries; redelivery then stores each message once', async () => {
    await sql`CREATE FUNCTION fail_poison() RETURNS trigger AS $$ BEGIN IF NEW.text = 'poison' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
      ctx.deps.db,
    );
    await sql`CREATE TRIGGER poison BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION fail_poison()`.execute(
      ctx.deps.db,
    );
    const id = wamid();
    const batch = {
      object: 'whatsapp_business_account',
      entry: [
        ...text('fine', { phoneNumberId: channel.phoneNumberId, from: '6281200000003' }).entry,
        ...text('poison', { phoneNumberId: channel.phoneNumberId, id }).entry,
      ],
    };
    const before = await count('messages');
    expect((await post(batch)).statusCode).toBeGreaterThanOrEqual(500);
    // Each event commits on its own: the good one is kept, the failed one is not.
    const poisoned = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', id)
      .execute();
    expect(poisoned).toHaveLength(0);
    expect(await count('messages')).toBe(before + 1);
    await sql`DROP TRIGGER poison ON messages`.execute(ctx.deps.db);
    expect((await post(batch)).statusCode).toBe(200);
    expect((await post(batch)).statusCode).toBe(200);
    expect(await count('messages')).toBe(before + 2);
  });
});

describe('statuses', () => {
  async function outgoing(providerId: string) {
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['id', 'channel_id'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: accountId,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        provider_message_id: providerId,
        msg_type: 'text',
        text: 'hi',
        payload: '{}',
        status: 'sent',
        from_me: true,
      })
      .execute();
  }
  const statusOf = async (providerId: string) =>
    await ctx.deps.db
      .selectFrom('messages')
      .select(['status', 'error'])
      .where('provider_message_id', '=', providerId)
      .executeTakeFirstOrThrow();

  it('move forward only, whatever order they arrive in', async () => {
    const id = wamid();
    await outgoing(id);
    await post(status(id, 'read', {}, channel.phoneNumberId));
    await post(status(id, 'delivered', {}, channel.phoneNumberId));
    await post(status(id, 'sent', {}, channel.phoneNumberId));
    expect((await statusOf(id)).status).toBe('read');
  });

  it('failed is terminal and keeps the error', async () => {
    const id = wamid();
    await outgoing(id);
    await post(
      status(
        id,
        'failed',
        {
          errors: [
            { code: 131026, title: 'Undeliverable', error_data: { details: 'Not on WhatsApp' } },
          ],
        },
        channel.phoneNumberId,
      ),
    );
    await post(status(id, 'delivered', {}, channel.phoneNumberId));
    const s = await statusOf(id);
    expect(s.status).toBe('failed');
    expect(s.error).toMatchObject({ code: 131026, message: 'Not on WhatsApp' });
  });

  it('a status for a message not yet linked is parked, not lost', async () => {
    const id = wamid();
    await post(status(id, 'delivered', {}, channel.phoneNumberId));
    const parked = await ctx.deps.db
      .selectFrom('pending_statuses')
      .selectAll()
      .where('provider_message_id', '=', id)
      .execute();
    expect(parked.map((p) => p.status)).toEqual(['delivered']);
  });
});
