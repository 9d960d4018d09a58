import type { BroadcastCost } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { prices } from '../billing/pricing/index.js';
import { loadAccountState, settingsOf } from '../settings/service.js';

/** What a broadcast of this account costs and may hold; prices come from the pricing module. */
export interface BroadcastTerms {
  /** One business-initiated message: the plain price (PPN was paid on the top-up). */
  pricePerMessage: number;
  balance: number;
  minimumBalance: number;
  /** `bo.broadcast_limit`; null when unset or not a positive number (no cap). */
  limit: number | null;
}

export async function broadcastTerms(db: Db, accountId: string): Promise<BroadcastTerms> {
  const [state, p] = await Promise.all([loadAccountState(db, accountId), prices(db, accountId)]);
  const raw = settingsOf(state).find((s) => s.key === 'bo.broadcast_limit')?.value;
  const limit = raw === null || raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return {
    pricePerMessage: p.businessInitiatePrice,
    balance: state.balance.saldo,
    minimumBalance: p.minimumBalance,
    limit: Number.isFinite(limit) && limit > 0 ? Math.floor(limit) : null,
  };
}

const roundCents = (n: number) => Math.round(n * 100) / 100;

/**
 * Cost = valid recipients × the business-initiated price, no PPN on top. Sufficient when the
 * balance covers the cost and, as for any send (the pricing module's maySend), the balance is not
 * below the account's minimum.
 */
export function broadcastCost(terms: BroadcastTerms, recipients: number): BroadcastCost {
  const estimatedCost = roundCents(recipients * terms.pricePerMessage);
  return {
    pricePerMessage: terms.pricePerMessage,
    estimatedCost,
    balance: terms.balance,
    minimumBalance: terms.minimumBalance,
    sufficient: terms.balance >= estimatedCost && terms.balance >= terms.minimumBalance,
  };
}
