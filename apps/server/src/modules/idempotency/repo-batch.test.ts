import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount } from '../../test/fixtures.js';
import { STALE_CLAIM_SECONDS } from './hooks.js';
import { idempotencyRepo, type IdempotencyScope } from './repo.js';
import { claimMany, finishMany, type ClaimItem } from './repo-batch.js';

/**
 * The claims and answers of one event-loop turn in one statement each (issue 19's keyed sends):
 * every item gets what a claim of its own would have got, a second request under a key of the
 * same batch included, and only the execution holding a key keeps its answer.
 */
let ctx: TestContext;
let accountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
});
afterAll(() => ctx.close());

const scopeOf = (key: string, caller = 'key:bench'): IdempotencyScope => ({
  accountId,
  caller,
  key,
});

function item(scope: IdempotencyScope, requestHash: string, now = ctx.clock.now()): ClaimItem {
  return {
    scope,
    claimId: randomUUID(),
    requestHash,
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  };
}

const answer = (body: string) => ({ status: 201, contentType: 'application/json', body });

describe('claimMany and finishMany', () => {
  it('answers every item of a batch as its own claim would be', async () => {
    const done = scopeOf(randomUUID());
    const first = item(done, 'h-done');
    expect(await claimMany(ctx.deps.db, [first], STALE_CLAIM_SECONDS)).toEqual([
      { outcome: 'run' },
    ]);
    expect(await finishMany(ctx.deps.db, [{ ...first, answer: answer('kept') }])).toEqual([true]);

    const stale = scopeOf(randomUUID());
    const dead = item(stale, 'h-stale', new Date(ctx.clock.now().getTime() - 61_000));
    expect(await claimMany(ctx.deps.db, [dead], STALE_CLAIM_SECONDS)).toEqual([{ outcome: 'run' }]);
    const busy = scopeOf(randomUUID());
    expect(await claimMany(ctx.deps.db, [item(busy, 'h-busy')], STALE_CLAIM_SECONDS)).toEqual([
      { outcome: 'run' },
    ]);

    const fresh = scopeOf(randomUUID());
    const twice = item(fresh, 'h-fresh');
    const batch = [
      twice,
      // The same key twice in one turn: one runs; the second waits (409) or is refused (422).
      item(fresh, 'h-fresh'),
      item(fresh, 'h-other'),
      item(done, 'h-done'),
      item(done, 'h-changed'),
      item(stale, 'h-stale'),
      item(busy, 'h-busy'),
      // The same key under another caller is another key.
      item(scopeOf(fresh.key, 'key:other'), 'h-fresh'),
    ];
    expect(await claimMany(ctx.deps.db, batch, STALE_CLAIM_SECONDS)).toEqual([
      { outcome: 'run' },
      { outcome: 'running' },
      { outcome: 'mismatch' },
      { outcome: 'replay', answer: answer('kept') },
      { outcome: 'mismatch' },
      { outcome: 'run' },
      { outcome: 'running' },
      { outcome: 'run' },
    ]);

    // The dead process's late answer is not kept; the one that took the key over keeps its own,
    // and a key given back is free for the next request.
    const finished = await finishMany(ctx.deps.db, [
      { ...dead, answer: answer('late') },
      { ...batch[5]!, answer: answer('taken over') },
      { ...twice, answer: null },
    ]);
    expect(finished).toEqual([false, true, true]);
    const [replayed, again] = await claimMany(
      ctx.deps.db,
      [item(stale, 'h-stale'), item(fresh, 'h-fresh')],
      STALE_CLAIM_SECONDS,
    );
    expect(replayed).toEqual({ outcome: 'replay', answer: answer('taken over') });
    expect(again).toEqual({ outcome: 'run' });
  });

  it('agrees with the single claim when batches race on the same keys', async () => {
    const keys = Array.from({ length: 20 }, () => scopeOf(randomUUID()));
    const batches = Array.from({ length: 6 }, () =>
      // Each batch in its own order: the statement sorts them, so no two wait on each other.
      [...keys].sort(() => Math.random() - 0.5).map((s) => item(s, 'same')),
    );
    const single = keys.map((s) =>
      idempotencyRepo.claim(ctx.deps.db, s, {
        ...item(s, 'same'),
        staleBefore: new Date(ctx.clock.now().getTime() - STALE_CLAIM_SECONDS * 1000),
      }),
    );
    const outcomes = [
      ...(
        await Promise.all(batches.map((b) => claimMany(ctx.deps.db, b, STALE_CLAIM_SECONDS)))
      ).flat(),
      ...(await Promise.all(single)),
    ];
    // Each key runs exactly once, whoever wins it; everyone else is told it is running.
    expect(outcomes.filter((o) => o.outcome === 'run')).toHaveLength(keys.length);
    expect(outcomes.filter((o) => o.outcome === 'running')).toHaveLength(keys.length * 6);
  });
});
