import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { TurnBatcher } from '../../lib/turn-batcher.js';
import { noteAccepted } from '../../lib/accept-gate.js';
import type { ChatRow, MessageRow } from '../conversations/index.js';
import { storeKeySends, type KeySendRow, type StoredKeySendRow } from './key-send-batch.repo.js';

/**
 * API-key sends (issue 19: ≥ 1,000 accepted/s through POST /api/messages). One transaction per
 * send held a pooled connection across six round trips (BEGIN, INSERT, chat, ticket, job,
 * COMMIT); under load each waited on a busy event loop, so the 20 connections sat "idle in
 * transaction" and requests queued for the pool. The sends of one event-loop turn are stored
 * together instead, as ingest does (lib/turn-batcher.ts): one transaction, one statement that
 * stores the messages, moves their chats and tickets and reads back what the answers need
 * (key-send-batch.repo.ts), and one send job for them all (the drain claims, paces and marks
 * its messages together). The guarantees are the single send's: every message is stored as
 * `queue` with its send job in the same commit, or none is.
 * Keys only: a person's send may claim the chat (a row lock and its own checks per chat).
 */
export type KeySend = KeySendRow;

/** Sends per transaction: a turn's worth under load, small enough to keep each commit short. */
const MAX_BATCH = 200;
/** Batches at once; arrivals meanwhile go together in the next (they leave pool room for reads). */
const MAX_IN_FLIGHT = 4;

async function storeBatch(deps: Deps, items: KeySend[]): Promise<(StoredKeySendRow | null)[]> {
  return deps.db.transaction().execute(async (trx) => {
    const stored = await storeKeySends(trx, items);
    const ids = stored.flatMap((r) => (r ? [String(r.message.id)] : []));
    // One send job for the batch: the drain claims, paces and marks its messages together.
    if (ids.length > 0)
      await deps.jobs.enqueue(
        'message.send',
        ids.length === 1 ? { messageId: ids[0]!, attempt: 0 } : { messageIds: ids, attempt: 0 },
        {},
        trx,
      );
    return stored;
  });
}

/**
 * Stores the batch; if it fails as a whole (one send's generatedId raced a retry of itself, a
 * chat deleted meanwhile), each send is stored on its own, so one bad send fails only itself.
 */
async function storeEach(deps: Deps, items: KeySend[]): Promise<(StoredKeySend | Error)[]> {
  const answer = (r: StoredKeySendRow | null): StoredKeySend =>
    r ? { row: r.message, chat: r.chat } : { row: undefined, chat: undefined };
  try {
    return (await storeBatch(deps, items)).map(answer);
  } catch (err) {
    if (items.length === 1) return [err instanceof Error ? err : new Error(String(err))];
    const out: (StoredKeySend | Error)[] = [];
    for (const item of items)
      out.push(
        await storeBatch(deps, [item]).then(
          (rows) => answer(rows[0] ?? null),
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        ),
      );
    return out;
  }
}

/** What a stored send's answer and announcement need, as the batch statement read them. */
export interface StoredKeySend {
  /** Missing when the chat left the account before the store: answered as a single send's 404. */
  row: MessageRow | undefined;
  chat: ChatRow | undefined;
}

let nextItem = 0;

type KeyBatcher = TurnBatcher<KeySend & { seq: number }, StoredKeySend | Error>;
// One batcher per database (tests run several apps in one process).
const batchers = new WeakMap<Db, KeyBatcher>();

function batcherFor(deps: Deps): KeyBatcher {
  let batcher = batchers.get(deps.db);
  if (!batcher) {
    batcher = new TurnBatcher<KeySend & { seq: number }, StoredKeySend | Error>(
      MAX_BATCH,
      (items) => storeEach(deps, items),
      // Every send is its own message: no two are ever merged.
      (item) => String(item.seq),
      () => false,
      (chosen) => chosen,
      MAX_IN_FLIGHT,
    );
    batchers.set(deps.db, batcher);
  }
  return batcher;
}

/** Stores one key send as `queue` with its send job (batched with its turn); its rows as stored. */
export async function queueKeySend(deps: Deps, send: KeySend): Promise<StoredKeySend> {
  noteAccepted();
  const outcome = await batcherFor(deps).submit({ ...send, seq: nextItem++ });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
