import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import { LedgerService } from '../../billing/ledger.js';
import { maySend, prices, refusalError, toCents } from '../../billing/pricing/index.js';

/**
 * Money for broadcast sends. Each claimed recipient is charged when it is claimed, in the claim's
 * transaction, so no message is sent without money: one ledger row per claim batch. Rows that
 * end refused (failed, no-match-template, delayed for a retry) or that recovery puts back in
 * the queue are refunded in the transaction that records it. So at any moment the account has
 * paid exactly for the rows accepted or still in flight — every order id is unique, so a replayed
 * transaction cannot book twice. A broadcast message opens a business-initiated conversation,
 * so it costs the pricing module's plain `bo.businessInitiatePrice` (PPN was paid on the top-up)
 * and the usage listeners never charge it again.
 */
export async function unitPriceCents(deps: Pick<Deps, 'db'>, accountId: string): Promise<number> {
  return toCents((await prices(deps.db, accountId)).businessInitiatePrice);
}

/**
 * Each claim obeys the rule of every send for the plan and the account: an expired plan or a
 * suspended account stops the broadcast (the lane pauses it with the refusal's words). The
 * balance is the ledger's business: a claim it cannot pay is refused there. The answer is kept
 * for a second per account, so a lane claiming ten times a second asks once.
 */
const CLAIM_CHECK_MS = 1000;
const claimChecks = new WeakMap<object, Map<string, { at: number; refusal: Error | null }>>();

async function assertClaimAllowed(deps: Pick<Deps, 'clock'>, trx: Db, accountId: string) {
  const cache = claimChecks.get(deps) ?? new Map<string, { at: number; refusal: Error | null }>();
  claimChecks.set(deps, cache);
  const hit = cache.get(accountId);
  let refusal = hit && Date.now() - hit.at < CLAIM_CHECK_MS ? hit.refusal : undefined;
  if (refusal === undefined) {
    // Read on the claim's own connection: a lane never holds two of the pool's.
    const may = await maySend({ db: trx, clock: deps.clock }, accountId, 'broadcast');
    refusal = !may.ok && may.reason !== 'insufficient_balance' ? refusalError(may) : null;
    cache.set(accountId, { at: Date.now(), refusal });
  }
  if (refusal) throw refusal;
}

const amountOf = (cents: number, n: number) => (cents * n) / 100;

/** Charges `n` sends; throws InsufficientBalanceError (rolling the caller's claim back). */
export async function chargeSends(
  deps: Pick<Deps, 'db' | 'clock'>,
  trx: Db,
  accountId: string,
  broadcastId: string,
  orderId: string,
  cents: number,
  n: number,
): Promise<void> {
  if (n <= 0) return;
  await assertClaimAllowed(deps, trx, accountId);
  if (cents <= 0) return;
  await new LedgerService(deps).charge(
    accountId,
    {
      amount: amountOf(cents, n),
      orderId,
      description: `Broadcast ${broadcastId}: ${n} message${n === 1 ? '' : 's'}`,
    },
    trx,
  );
}

/** Gives back the price of `n` sends that were charged at claim but not accepted. */
export async function refundSends(
  deps: Pick<Deps, 'db' | 'clock'>,
  trx: Db,
  accountId: string,
  broadcastId: string,
  orderId: string,
  cents: number,
  n: number,
): Promise<void> {
  if (n <= 0 || cents <= 0) return;
  await new LedgerService(deps).credit(
    accountId,
    {
      kind: 'refund',
      amount: amountOf(cents, n),
      orderId,
      description: `Broadcast ${broadcastId}: ${n} message${n === 1 ? '' : 's'} not sent, refunded`,
    },
    trx,
  );
}
