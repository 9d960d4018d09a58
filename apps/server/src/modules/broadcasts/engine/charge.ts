import type { Deps } from '../../../deps.js';
import type { Db } from '../../../db/database.js';
import { LedgerService } from '../../billing/ledger.js';
import { loadAccountState, settingsOf } from '../../settings/service.js';

/**
 * Money for broadcast sends. Each claimed recipient is charged when it is claimed, in the claim's
 * transaction, so no message is sent without money: one ledger row per claim batch. Rows that
 * end refused (failed, no-match-template, delayed for a retry) or that recovery puts back in
 * the queue are refunded in the transaction that records it. So at any moment the account has
 * paid exactly for the rows accepted or still in flight — every order id is unique, so a replayed
 * transaction cannot book twice.
 */
export async function unitPriceCents(deps: Pick<Deps, 'db'>, accountId: string): Promise<number> {
  const settings = settingsOf(await loadAccountState(deps.db, accountId));
  const value = (key: string, fallback: number) => {
    const n = Number(settings.find((s) => s.key === key)?.value);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  const price = value('bo.businessInitiatePrice', 550);
  const ppn = value('bo.ppn', 11);
  // Rounded per message to the cent, so a batch costs exactly n × the unit price.
  return Math.round(price * (1 + ppn / 100) * 100);
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
  if (n <= 0 || cents <= 0) return;
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
