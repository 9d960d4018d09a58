import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';

export interface ConversationWindow {
  start: Date;
  isNew: boolean;
}

interface WindowItem {
  chatId: string;
  at: Date;
}

/**
 * Opens (or reads) the conversation windows of many chats in one statement: a message 24 hours
 * or more after its window's start opens a new one. Only new and renewed windows are written (and
 * locked, in chat id order): most messages are inside an open window and lock nothing, so
 * concurrent batches do not queue behind each other. A window another transaction opened or
 * renewed after this statement's snapshot is not visible here: read again.
 */
async function openWindows(db: Db, items: WindowItem[]): Promise<ConversationWindow[]> {
  const result = await sql<{ ord: number; window_start: Date | null; is_new: boolean }>`
    WITH input AS (
      SELECT * FROM unnest(${items.map((i) => i.chatId)}::uuid[], ${items.map((i) => i.at)}::timestamptz[])
        WITH ORDINALITY AS t(chat_id, at, ord)
    ), inserted AS (
      INSERT INTO chat_windows (chat_id, window_start)
      SELECT chat_id, at FROM input ORDER BY chat_id
      ON CONFLICT (chat_id) DO NOTHING
      RETURNING chat_id, window_start
    ), renewed AS (
      UPDATE chat_windows w SET window_start = i.at FROM input i
      WHERE w.chat_id = i.chat_id AND w.window_start <= i.at - interval '24 hours'
      RETURNING w.chat_id, w.window_start
    ), opened AS (
      SELECT * FROM inserted UNION ALL SELECT * FROM renewed
    )
    -- An expired window left as it was: a concurrent batch renewed it after our snapshot.
    SELECT i.ord::int AS ord,
           coalesce(o.window_start,
                    CASE WHEN w.window_start > i.at - interval '24 hours' THEN w.window_start END)
             AS window_start,
           o.chat_id IS NOT NULL AS is_new
    FROM input i LEFT JOIN opened o ON o.chat_id = i.chat_id
      LEFT JOIN chat_windows w ON w.chat_id = i.chat_id`.execute(db);
  const windows: (ConversationWindow | null)[] = items.map(() => null);
  for (const row of result.rows)
    if (row.window_start)
      windows[row.ord - 1] = { start: new Date(row.window_start), isNew: row.is_new };
  const unseen = items.filter((_, i) => !windows[i]).map((i) => i.chatId);
  if (unseen.length) {
    const rows = await db
      .selectFrom('chat_windows')
      .select(['chat_id', 'window_start'])
      .where('chat_id', 'in', unseen)
      .execute();
    const startOf = new Map(rows.map((r) => [r.chat_id, new Date(r.window_start)]));
    items.forEach((item, i) => {
      const start = startOf.get(item.chatId);
      if (!windows[i] && start) windows[i] = { start, isNew: false };
    });
  }
  return windows.map((w, i) => {
    if (!w) throw new Error(`conversation window of chat ${items[i]?.chatId} not found`);
    return w;
  });
}

const batchers = new WeakMap<Db, TurnBatcher<WindowItem, ConversationWindow>>();

/**
 * The chat's conversation window as of a customer message at `at`. Messages of the same event-loop
 * turn share one statement; two of one chat in the same turn: the earlier one opens the window,
 * the other is in it.
 */
export function openWindow(db: Db, chatId: string, at: Date): Promise<ConversationWindow> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new TurnBatcher<WindowItem, ConversationWindow>(
      500,
      (items) => openWindows(db, items),
      (item) => item.chatId,
      (current, candidate) => candidate.at.getTime() < current.at.getTime(),
      (chosen) => ({ start: chosen.start, isNew: false }),
    );
    batchers.set(db, batcher);
  }
  return batcher.submit({ chatId, at });
}
