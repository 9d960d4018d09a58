import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat, openTicket } from '../../test/fixtures-inbox.js';
import { credit } from '../broadcasts/test-helpers.js';
import { loadMessageRows, presentMessage } from '../conversations/index.js';
import { queueKeySend } from './key-send-batch.js';
import type { JobPayloads } from '../../jobs/definitions.js';
import { sendJobIds } from './jobs/send-drain.js';

/**
 * API-key sends arriving together are stored together (key-send-batch.ts): each must still be
 * its own message, stored as `queue` with exactly one send job, its chat's preview and ticket
 * updated; and one send that cannot be stored fails alone, never its batch-mates.
 */
let ctx: TestContext;
let admin: TestUser;
let accountId: string;
let channelId: string;
let key: string;
let keyId: string;

const send = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { authorization: `Bearer ${key}` },
    payload,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx, { type: 'api_only' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  await credit(ctx, accountId, 1_000_000);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.auth,
    payload: { name: 'ERP', scopes: ['messages:send'] },
  });
  key = res.json().key;
  keyId = res.json()._id;
});
afterAll(() => ctx.close());

/** The message ids the send jobs queued so far name, each as often as a job names it. */
const jobIdsFor = (ids: string[]) =>
  ctx.jobs.history
    .filter((j) => j.name === 'message.send')
    .flatMap((j) => sendJobIds(j.data as JobPayloads['message.send']).map(String))
    .filter((id) => ids.includes(id));

describe('API-key sends stored together', () => {
  it('stores 40 concurrent sends to 8 chats once each, each in exactly one send job', async () => {
    const chatIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const chatId = await createChat(ctx, accountId, { channelId });
      await ctx.deps.db
        .updateTable('chats')
        .set({ flag: 'red' })
        .where('id', '=', chatId)
        .execute();
      await openTicket(ctx, accountId, chatId);
      chatIds.push(chatId);
    }
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send({ chatId: chatIds[i % 8], text: `batch ${i}` })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const ids = answers.map((a) => String(a.json()._id));
    expect(new Set(ids).size).toBe(40);
    // Each answer is its own message (the ids map back to the right sends).
    answers.forEach((a, i) => expect(a.json().text).toBe(`batch ${i}`));

    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select(['id', 'chat_id', 'text', 'status', 'api_key_id', 'sender_id'])
      .where('chat_id', 'in', chatIds)
      .where('from_me', '=', true)
      .execute();
    expect(stored).toHaveLength(40);
    for (const m of stored) {
      expect(m).toMatchObject({ status: 'queue', api_key_id: keyId, sender_id: null });
      const i = Number(m.text.replace('batch ', ''));
      expect(m.chat_id).toBe(chatIds[i % 8]);
    }
    // Each message in exactly one job; a stored batch shares one job (fewer than one per send).
    expect(jobIdsFor(ids).sort()).toEqual([...ids].sort());
    const jobs = ctx.jobs.history.filter(
      (j) =>
        j.name === 'message.send' &&
        sendJobIds(j.data as JobPayloads['message.send']).some((id) => ids.includes(String(id))),
    );
    expect(jobs.length).toBeLessThan(40);

    const chats = await ctx.deps.db
      .selectFrom('chats')
      .select(['id', 'flag', 'last_message_text', 'last_message_from_me', 'agent_id'])
      .where('id', 'in', chatIds)
      .execute();
    for (const c of chats) {
      const texts = stored.filter((m) => m.chat_id === c.id).map((m) => m.text);
      expect(texts).toContain(c.last_message_text);
      // A key claims no chat; a red flag turns green as with any reply.
      expect(c).toMatchObject({ flag: 'green', last_message_from_me: true, agent_id: null });
    }
    const unanswered = await ctx.deps.db
      .selectFrom('tickets')
      .select('id')
      .where('chat_id', 'in', chatIds)
      .where('answer_at', 'is', null)
      .execute();
    expect(unanswered).toEqual([]);
  });

  it('a send that cannot be stored fails alone; the rest of its batch is stored', async () => {
    const chatId = await createChat(ctx, accountId, { channelId });
    // Two sends racing with one generatedId: one message may hold it, the other must fail.
    const answers = await Promise.all([
      send({ chatId, text: 'twin a', generatedId: 'twin' }),
      send({ chatId, text: 'twin b', generatedId: 'twin' }),
      ...Array.from({ length: 10 }, (_, i) => send({ chatId, text: `mate ${i}` })),
    ]);
    for (const a of answers.slice(2)) expect(a.statusCode, a.body).toBe(201);
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select(['id', 'text', 'generated_id'])
      .where('chat_id', '=', chatId)
      .where('from_me', '=', true)
      .execute();
    expect(stored.filter((m) => m.generated_id === 'twin')).toHaveLength(1);
    expect(stored).toHaveLength(11);
    const ids = stored.map((m) => String(m.id));
    expect(jobIdsFor(ids).sort()).toEqual([...ids].sort());
  });

  it('chats named by one turn of sends are read together; each send gets its own answer', async () => {
    const open = await createChat(ctx, accountId, { channelId });
    const blocked = await createChat(ctx, accountId, { channelId, blocked: true });
    const otherAccount = await createAccount(ctx);
    const otherChannel = (await createWhatsappChannel(ctx, otherAccount)).id;
    const foreign = await createChat(ctx, otherAccount, { channelId: otherChannel });
    const answers = await Promise.all([
      send({ chatId: open, text: 'one' }),
      send({ chatId: blocked, text: 'blocked' }),
      send({ chatId: open, text: 'two' }),
      send({ chatId: foreign, text: 'not ours' }),
      send({ chatId: '00000000-0000-4000-8000-000000000000', text: 'nobody' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 400, 201, 404, 404]);
    expect(answers[1]!.json()).toMatchObject({ code: 'CHAT_BLOCKED' });
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select(['chat_id', 'text'])
      .where('chat_id', 'in', [open, blocked, foreign])
      .where('from_me', '=', true)
      .orderBy('text')
      .execute();
    expect(stored).toEqual([
      { chat_id: open, text: 'one' },
      { chat_id: open, text: 'two' },
    ]);
  });

  it('answers each send with its message exactly as a later read presents it (reply, author)', async () => {
    const chatId = await createChat(ctx, accountId, { channelId });
    const earlier = await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: accountId,
        chat_id: chatId,
        channel_id: channelId,
        provider_message_id: 'wamid.earlier',
        msg_type: 'text',
        text: 'Where is my order?',
        status: 'received',
        from_me: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      send({ chatId, text: 'It left today', replyTo: String(earlier.id) }),
      send({ chatId, text: 'Tracking follows', generatedId: 'erp-1' }),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const rows = await loadMessageRows(
      ctx.deps.db,
      accountId,
      answers.map((a) => String(a.json()._id)),
    );
    const read = new Map(rows.map((r) => [String(r.id), presentMessage(r)]));
    for (const a of answers) expect(a.json()).toEqual(read.get(String(a.json()._id)));
    expect(answers[0]!.json()).toMatchObject({
      replyTo: { _id: String(earlier.id), text: 'Where is my order?', fromMe: false },
      username: 'API key ERP',
    });
    expect(answers[1]!.json()).toMatchObject({ generatedId: 'erp-1', replyTo: null });
  });

  it('stores nothing for a send whose chat left the account before the store; its mates are stored', async () => {
    const kept = await createChat(ctx, accountId, { channelId });
    const gone = await createChat(ctx, accountId, { channelId });
    const otherAccount = await createAccount(ctx);
    const otherChannel = (await createWhatsappChannel(ctx, otherAccount)).id;
    const foreign = await createChat(ctx, otherAccount, { channelId: otherChannel });
    await ctx.deps.db.deleteFrom('chats').where('id', '=', gone).execute();
    const m = {
      generatedId: null,
      msgType: 'text' as const,
      payload: {},
      attachmentName: null,
      mediaId: null,
      replyTo: null,
    };
    const base = { accountId, channelId, apiKeyId: keyId, now: ctx.clock.now() };
    const [a, b, c] = await Promise.all([
      queueKeySend(ctx.deps, { ...base, chatId: kept, m: { ...m, text: 'kept' } }),
      queueKeySend(ctx.deps, { ...base, chatId: gone, m: { ...m, text: 'gone' } }),
      // Checked by the statement too, not only by the chat read before it.
      queueKeySend(ctx.deps, { ...base, chatId: foreign, m: { ...m, text: 'foreign' } }),
    ]);
    expect(a.row?.text).toBe('kept');
    expect(a.chat?.id).toBe(kept);
    expect(b).toEqual({ row: undefined, chat: undefined });
    expect(c).toEqual({ row: undefined, chat: undefined });
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select(['chat_id', 'text'])
      .where('chat_id', 'in', [kept, gone, foreign])
      .execute();
    expect(stored).toEqual([{ chat_id: kept, text: 'kept' }]);
    expect(jobIdsFor([String(a.row!.id)])).toEqual([String(a.row!.id)]);
  });
});
