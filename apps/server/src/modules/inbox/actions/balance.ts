import { MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { InsufficientBalanceError } from '../../billing/ledger.js';
import { loadAccountState, settingsOf } from '../../settings/service.js';
import type { Principal } from '../../auth/principal.js';

/**
 * Spec §8 'Insufficient Balance': an account whose balance (the ledger) is below its
 * `bo.minimumBalance` setting may not send. The sender's screens get `balance.check` and the
 * request answers 402. Both values come from the settings service so they match what
 * `GET /settings` shows.
 */
export async function assertSufficientBalance(deps: Deps, principal: Principal): Promise<void> {
  const { ok, balance, minimumBalance } = await balanceStanding(deps, principal.accountId);
  if (ok) return;
  deps.events.publish({
    type: 'balance.check',
    userId: principal.userId,
    event: { message: MESSAGES.insufficientBalance, balance, minimumBalance },
  });
  throw new InsufficientBalanceError();
}

/** The account's balance against its minimum; `ok` when it may send. */
export async function balanceStanding(
  deps: Pick<Deps, 'db'>,
  accountId: string,
): Promise<{ ok: boolean; balance: number; minimumBalance: number }> {
  const state = await loadAccountState(deps.db, accountId);
  const setting = settingsOf(state).find((s) => s.key === 'bo.minimumBalance')?.value;
  const minimumBalance = Number(setting ?? 0);
  const balance = state.balance.saldo;
  // A malformed back-office value must not silently stop every send: treat it as no minimum.
  return {
    ok: !Number.isFinite(minimumBalance) || balance >= minimumBalance,
    balance,
    minimumBalance,
  };
}
