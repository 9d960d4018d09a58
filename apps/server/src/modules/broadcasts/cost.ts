import type { BroadcastCost, SettingKey } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { loadAccountState, settingsOf } from '../settings/service.js';

/** What a broadcast of this account costs and may hold, read through the settings module. */
export interface BroadcastTerms {
  /** One business-initiated message including PPN, rounded to the cent. */
  pricePerMessage: number;
  balance: number;
  minimumBalance: number;
  /** `bo.broadcast_limit`; null when unset or not a positive number (no cap). */
  limit: number | null;
}

const toNumber = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export async function broadcastTerms(db: Db, accountId: string): Promise<BroadcastTerms> {
  const state = await loadAccountState(db, accountId);
  const settings = new Map(settingsOf(state).map((s) => [s.key, s.value]));
  const get = (key: SettingKey) => toNumber(settings.get(key));
  const price = get('bo.businessInitiatePrice') ?? 0;
  const ppn = get('bo.ppn') ?? 0;
  const limit = get('bo.broadcast_limit');
  return {
    pricePerMessage: roundCents(price * (1 + ppn / 100)),
    balance: state.balance.saldo,
    minimumBalance: get('bo.minimumBalance') ?? 0,
    limit: limit !== null && limit > 0 ? Math.floor(limit) : null,
  };
}

const roundCents = (n: number) => Math.round(n * 100) / 100;

/**
 * Cost = valid recipients × price × (1 + PPN). Sufficient when the balance covers the cost and,
 * as for any send (inbox/actions/balance.ts), the balance is not below the account's minimum.
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
