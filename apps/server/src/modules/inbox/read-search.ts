import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { viewerOf } from '../../realtime/viewer.js';
import type { Caller } from '../auth/principal.js';
import { chatVisibleTo } from '../conversations/index.js';
import { containsPattern } from '../../lib/like.js';

/** The first stretch of an account's newest messages the search walks. */
export const SEARCH_WINDOW = 10_000;
/** Walk at most this many newest messages. */
export const MAX_SEARCH_WALK = 200_000;
// The index step's cost in messages walked (measured on ten million messages): a fixed part
// for the trigram posting lists, and a part for each hit read from the table.
const INDEX_FIXED_COST = 60_000;
const INDEX_HIT_COST = 20;

/** The same text as a regular expression matching it literally. */
function literalRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
}

/** A message id as a keyset key, or null when it is not one. */
export function messageIdKey(key: string): string | null {
  return /^\d{1,15}$/.test(key) ? key : null;
}

export interface SearchHits {
  /** Newest first. */
  ids: string[];
  /** The chat of each hit, parallel to ids. */
  chatIds: string[];
  nextKey: string | null;
}

interface Hit {
  id: number;
  chat_id: string;
}

/**
 * Case-insensitive substring search (ILIKE '%text%') over every message the caller may see,
 * newest first, keyset on the message id (DECISIONS.md, "Inbox reads at scale"). No single plan
 * suits every term and the planner cannot tell them apart (it never estimates a substring
 * below 0.01% of rows), so:
 * 1. walk the account's newest messages in id order, SEARCH_WINDOW at a time, stopping at
 *    perpage+1 visible hits; the visible hits found so far say how much further the page lies,
 *    all matches (visible or not) how much the index step would read, and the walk goes on
 *    while it is the cheaper (and under MAX_SEARCH_WALK messages) — common and middling terms,
 *    whose hits are dense, end here, as do middling terms for someone who sees few chats;
 * 2. otherwise the rest comes from the trigram index below where the walk stopped: every hit
 *    there (few: the walk showed the term is rare), the visible ones, the newest first.
 */
export async function searchMessageIds(
  deps: Deps,
  principal: Caller,
  text: string,
  startKey: string | undefined,
  perpage: number,
): Promise<SearchHits> {
  const accountId = principal.accountId;
  const like = containsPattern(text);
  const visible = chatVisibleTo(viewerOf(principal));
  const want = perpage + 1;
  const hits: Hit[] = [];
  let before = startKey === undefined ? null : Number(startKey);
  let window = SEARCH_WINDOW;
  let walked = 0;

  let matchRate: number | null = null;
  let span: number | null = null;

  for (;;) {
    const stretch = () => newestMessages(deps, accountId, before, window);
    hits.push(
      ...(await deps.db
        .selectFrom(stretch())
        .innerJoin('chats as c', 'c.id', 'm.chat_id')
        .select(['m.id', 'm.chat_id'])
        .where('m.text', 'ilike', like)
        .where('c.account_id', '=', accountId)
        .where(sql<boolean>`NOT c.blocked`)
        .where(visible)
        .orderBy('m.id', 'desc')
        .limit(want - hits.length)
        .execute()),
    );
    if (hits.length >= want) return pageOf(hits, perpage);
    walked += window;
    // Where this stretch ended; none when it held every older message.
    const edge = await deps.db
      .selectFrom('messages')
      .select('id')
      .where('account_id', '=', accountId)
      .$if(before !== null, (qb) => qb.where('id', '<', before as number))
      .orderBy('id', 'desc')
      .offset(window - 1)
      .limit(1)
      .executeTakeFirst();
    if (!edge) return pageOf(hits, perpage);
    // Matches in the first stretch whoever may see them (the index step would read every
    // one): how common the term is, counted once.
    if (matchRate === null) {
      const all = await deps.db
        .selectFrom(stretch())
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('m.text', 'ilike', like)
        .executeTakeFirstOrThrow();
      matchRate = Number(all.n) / window;
    }
    before = edge.id;
    const rate = hits.length / walked;
    const further = rate > 0 ? Math.ceil(((want - hits.length) / rate) * 1.5) : Infinity;
    if (walked + further > MAX_SEARCH_WALK) break;
    span ??= await accountSpan(deps, accountId);
    if (further > INDEX_FIXED_COST + INDEX_HIT_COST * matchRate * span) break;
    window = Math.max(SEARCH_WINDOW, further);
  }

  // The trigram index reads fewer posting lists for a regular expression than for the same
  // ILIKE (pg_trgm drops the most common, blank-padded trigrams from a regex's set), so it is
  // queried with the literal text as a regex; ILIKE, kept away from the index by `|| ''`,
  // still decides the match. MATERIALIZED keeps the planner from walking the id order instead.
  const older = await deps.db
    .with(
      (cte) => cte('hits').materialized(),
      (db) =>
        db
          .selectFrom('messages')
          .select(['id', 'chat_id'])
          .where('account_id', '=', accountId)
          // The trigram index is partial on non-empty text (migration 0015).
          .where(sql<boolean>`text <> ''`)
          .where(sql<boolean>`text ~* ${literalRegex(text)}`)
          .where(sql<boolean>`(text || '') ILIKE ${like}`)
          .where('id', '<', before as number),
    )
    .selectFrom('hits as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.id', 'm.chat_id'])
    .where('c.account_id', '=', accountId)
    .where(sql<boolean>`NOT c.blocked`)
    .where(visible)
    .orderBy('m.id', 'desc')
    .limit(want - hits.length)
    .execute();
  return pageOf([...hits, ...older], perpage);
}

/** The account's `window` newest messages before `before`, newest first, as `m`. */
function newestMessages(deps: Deps, accountId: string, before: number | null, window: number) {
  return deps.db
    .selectFrom('messages')
    .select(['id', 'chat_id', 'text'])
    .where('account_id', '=', accountId)
    .$if(before !== null, (qb) => qb.where('id', '<', before as number))
    .orderBy('id', 'desc')
    .limit(window)
    .as('m');
}

/** How many messages the account has at most (its id range), for the cost estimate. */
async function accountSpan(deps: Deps, accountId: string): Promise<number> {
  const { rows } = await sql<{ span: number | null }>`SELECT
      (SELECT id FROM messages WHERE account_id = ${accountId} ORDER BY id DESC LIMIT 1)
    - (SELECT id FROM messages WHERE account_id = ${accountId} ORDER BY id LIMIT 1) + 1 AS span`.execute(
    deps.db,
  );
  return Number(rows[0]?.span ?? 0);
}

function pageOf(rows: Hit[], perpage: number): SearchHits {
  const page = rows.slice(0, perpage);
  const last = page[page.length - 1];
  return {
    ids: page.map((r) => String(r.id)),
    chatIds: page.map((r) => r.chat_id),
    nextKey: rows.length > perpage && last ? String(last.id) : null,
  };
}
