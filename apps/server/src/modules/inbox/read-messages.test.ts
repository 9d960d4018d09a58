import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Message } from '@sapa/contracts';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';
import { SEARCH_WINDOW } from './read-search.js';

/**
 * GET /api/messages/paginate: a chat's pages in both directions, and the full-history search
 * with its visibility rule (a restricted agent never gets a hit, nor a chat, it may not see).
 */
let ctx: TestContext;
let accountId: string;
let channelId: string;
let admin: TestUser;
let agent: TestUser;
const chat: Record<'mine' | 'other' | 'blocked' | 'pool', string> = {
  mine: '',
  other: '',
  blocked: '',
  pool: '',
};
/** Ids of the 40 messages of `mine`, oldest first. */
let mineIds: string[] = [];
/** The newest message of `mine`, added after the 40. */
let mineNewest = '';

async function addMessages(chatId: string, texts: string[]): Promise<string[]> {
  const rows = await ctx.deps.db
    .insertInto('messages')
    .values(
      texts.map((text) => ({
        account_id: accountId,
        chat_id: chatId,
        channel_id: channelId,
        msg_type: 'text',
        text,
        status: 'received' as const,
        from_me: false,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => String(r.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  const d1 = await createDivision(ctx, accountId, 'D1');
  const d2 = await createDivision(ctx, accountId, 'D2');
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent', divisionIds: [d1], allChat: false });
  const someone = await createUser(ctx, accountId, { role: 'agent', divisionIds: [d2] });
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  chat.mine = await createChat(ctx, accountId, { channelId, agentId: agent.id, name: 'Mine' });
  chat.other = await createChat(ctx, accountId, { channelId, agentId: someone.id, name: 'Other' });
  chat.blocked = await createChat(ctx, accountId, {
    channelId,
    agentId: agent.id,
    blocked: true,
    name: 'Blocked',
  });
  chat.pool = await createChat(ctx, accountId, { channelId, divisionIds: [d1], name: 'Pool' });
  // Oldest of all: a rare word, then enough filler that it lies beyond the newest-first window.
  await addMessages(chat.pool, ['seekor ZEBRA langka']);
  await addMessages(chat.other, ['zebra langka juga']);
  await sql`INSERT INTO messages (account_id, chat_id, channel_id, msg_type, text, status, from_me)
    SELECT ${accountId}, ${chat.pool}, ${channelId}, 'text',
      CASE WHEN g % 3000 = 0 THEN 'isi jarang ' ELSE 'isi ' END || g, 'received', false
    FROM generate_series(1, ${SEARCH_WINDOW + 50}) g`.execute(ctx.deps.db);
  mineIds = await addMessages(
    chat.mine,
    Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `paket kilat ${i}` : `pesan ${i}`)),
  );
  await addMessages(chat.other, ['Paket Kilat untuk yang lain', 'diskon 100% hari ini']);
  await addMessages(chat.blocked, ['paket kilat dari kontak yang diblokir']);
  [mineNewest = ''] = await addMessages(chat.mine, ['diskon 100 persen']);
}, 60_000);
afterAll(() => ctx.close());

interface Page {
  data: Message[];
  nextKey: string | null;
  chats?: Chat[];
}
async function page(user: TestUser, params: Record<string, string | number>): Promise<Page> {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/messages/paginate?${qs}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every search page; returns hit ids in the order served and every chat named. */
async function searchAll(user: TestUser, searchText: string) {
  const ids: string[] = [];
  const chats = new Set<string>();
  let startKey: string | null = null;
  do {
    const p: Page = await page(user, { searchText, ...(startKey ? { startKey } : {}) });
    expect(p.data.length).toBeLessThanOrEqual(10);
    // `chats` is exactly the chats of this page's hits.
    expect(new Set(p.chats?.map((c) => c._id))).toEqual(new Set(p.data.map((m) => m.chatId)));
    for (const c of p.chats ?? []) chats.add(c._id);
    ids.push(...p.data.map((m) => m._id));
    startKey = p.nextKey;
  } while (startKey);
  return { ids, chats };
}

describe('a chat’s messages', () => {
  it('pages back from the newest: 10, then 15, each chronological, without gaps', async () => {
    const first = await page(agent, { chatId: chat.mine });
    expect(first.data.map((m) => m._id)).toEqual([...mineIds.slice(31), mineNewest]);
    expect(first.nextKey).toBe(mineIds[31]);
    const seen = [...first.data.map((m) => m._id)];
    let key = first.nextKey;
    while (key) {
      const more = await page(agent, { chatId: chat.mine, perpage: 15, startKey: key });
      seen.unshift(...more.data.map((m) => m._id));
      key = more.nextKey;
    }
    expect(seen).toEqual([...mineIds, mineNewest]);
  });

  it('pages forward with direction newer until the newest, then nextKey is null', async () => {
    const newer = (startKey: string) =>
      page(agent, { chatId: chat.mine, perpage: 15, direction: 'newer', startKey });
    const a = await newer(mineIds[4] as string);
    expect(a.data.map((m) => m._id)).toEqual(mineIds.slice(5, 20));
    expect(a.nextKey).toBe(mineIds[19]);
    const b = await newer(a.nextKey as string);
    expect(b.data.map((m) => m._id)).toEqual(mineIds.slice(20, 35));
    const c = await newer(b.nextKey as string);
    expect(c.data.map((m) => m._id)).toEqual([...mineIds.slice(35), mineNewest]);
    expect(c.nextKey).toBeNull();
    // A full page that ends on the newest message also says there is nothing newer.
    const last = await newer(mineIds[25] as string);
    expect(last.data.at(-1)?._id).toBe(mineNewest);
    expect(last.data).toHaveLength(15);
    expect(last.nextKey).toBeNull();
  });

  it('shows a blocked chat’s messages by id, and nothing of a chat the caller may not see', async () => {
    expect((await page(agent, { chatId: chat.blocked })).data).toHaveLength(1);
    // An invisible chat is a 404, as on every other route that names a chat.
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/paginate?chatId=${chat.other}`,
      headers: agent.auth,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('"data"');
    const otherMessage = (await page(admin, { chatId: chat.other })).data[0]?._id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/${otherMessage}`,
      headers: agent.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 to a startKey that is not a message id, and without chat or search', async () => {
    for (const startKey of ['abc', '-1', '1.5', '99999999999999999999', '1e3']) {
      for (const extra of [{ chatId: chat.mine }, { searchText: 'paket' }] as Record<
        string,
        string
      >[]) {
        const qs = new URLSearchParams({ ...extra, startKey });
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/messages/paginate?${qs}`,
          headers: admin.auth,
        });
        expect(res.statusCode, `${startKey} ${JSON.stringify(extra)}`).toBe(400);
      }
    }
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/messages/paginate',
      headers: admin.auth,
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('message search across the whole history', () => {
  it('finds hits newest first in every visible chat, never in blocked chats', async () => {
    const { ids, chats } = await searchAll(admin, 'PAKET kilat');
    const inMine = mineIds.filter((_, i) => i % 3 === 0);
    expect(ids).toHaveLength(inMine.length + 1);
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(chats).toEqual(new Set([chat.mine, chat.other]));
  });

  it('gives a restricted agent only hits, and chats, it may see', async () => {
    const { ids, chats } = await searchAll(agent, 'paket kilat');
    expect(ids).toEqual(mineIds.filter((_, i) => i % 3 === 0).reverse());
    expect(chats).toEqual(new Set([chat.mine]));
    const zebra = await searchAll(agent, 'zebra');
    expect(zebra.chats).toEqual(new Set([chat.pool]));
    expect(zebra.ids).toHaveLength(1);
  });

  it('finds a rare word older than the newest-first window', async () => {
    const { ids, chats } = await searchAll(admin, 'zebra LANGKA');
    expect(ids).toHaveLength(2);
    expect(chats).toEqual(new Set([chat.pool, chat.other]));
  });

  it('walks on past the first stretch when its few hits say the page lies near', async () => {
    const { ids } = await searchAll(admin, 'JARANG');
    expect(ids).toHaveLength(3);
    const texts = await ctx.deps.db
      .selectFrom('messages')
      .select(['id', 'text'])
      .where('id', 'in', ids.map(Number))
      .orderBy('id', 'desc')
      .execute();
    expect(texts.map((t) => t.text)).toEqual([
      'isi jarang 9000',
      'isi jarang 6000',
      'isi jarang 3000',
    ]);
  });

  it('takes % literally and refuses direction newer', async () => {
    const { ids } = await searchAll(admin, '100%');
    expect(ids).toHaveLength(1);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/messages/paginate?searchText=paket&direction=newer',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
  });
});
