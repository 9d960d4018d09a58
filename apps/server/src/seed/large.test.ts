import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { LARGE_ADMIN_EMAIL, LARGE_AGENT_EMAIL } from './large-data.js';
import { seedLarge } from './large.js';

/** `npm run seed:large` at a small size: the same code path, checked row by row. */
let ctx: TestContext;
const lines: string[] = [];
let indexesBefore: string[] = [];

const indexNames = async () =>
  (
    await ctx.deps.pool.query<{ name: string }>(
      `SELECT indexrelid::regclass::text AS name FROM pg_index
        WHERE indrelid IN ('chats'::regclass, 'messages'::regclass, 'contacts'::regclass)
        ORDER BY 1`,
    )
  ).rows.map((r) => r.name);

beforeAll(async () => {
  ctx = await createTestContext();
  indexesBefore = await indexNames();
}, 60_000);
afterAll(() => ctx.close());

describe('seedLarge', () => {
  it('loads the asked-for chats and messages, consistently, and rebuilds every index', async () => {
    const result = await seedLarge(ctx.deps.pool, {
      chats: 300,
      messages: 3_000,
      password: 'Sapa12345',
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ chats: 300, messages: 3_000 });
    expect(await indexNames()).toEqual(indexesBefore);

    const { rows } = await ctx.deps.pool.query<{
      chats: number;
      messages: number;
      mismatched: number;
      disordered: number;
    }>(
      `SELECT
         (SELECT count(*)::int FROM chats WHERE account_id = $1) AS chats,
         (SELECT count(*)::int FROM messages WHERE account_id = $1) AS messages,
         -- Each chat's preview and time are its newest message's.
         (SELECT count(*)::int FROM chats c
            JOIN LATERAL (SELECT text, sent_at FROM messages m WHERE m.chat_id = c.id
                          ORDER BY m.id DESC LIMIT 1) last ON true
           WHERE c.account_id = $1
             AND (last.text <> c.last_message_text OR last.sent_at <> c.last_update)) AS mismatched,
         -- Ids grow with time inside a chat, as live ingest makes them.
         (SELECT count(*)::int FROM (
            SELECT sent_at < lag(sent_at) OVER (PARTITION BY chat_id ORDER BY id) AS back
              FROM messages WHERE account_id = $1) t WHERE back) AS disordered`,
      [result?.accountId],
    );
    expect(rows[0]).toEqual({ chats: 300, messages: 3_000, mismatched: 0, disordered: 0 });
    expect(lines.some((l) => l.startsWith('search term (rare)'))).toBe(true);
  });

  it('skips when the account exists, and its users can sign in', async () => {
    const again = await seedLarge(ctx.deps.pool, {
      chats: 10,
      messages: 10,
      password: 'Sapa12345',
      log: () => undefined,
    });
    expect(again).toBeNull();
    for (const email of [LARGE_ADMIN_EMAIL, LARGE_AGENT_EMAIL]) {
      expect(await login(ctx, email, 'Sapa12345')).toBeTruthy();
    }
  });
});
