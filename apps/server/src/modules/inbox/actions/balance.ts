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
  const state = await loadAccountState(deps.db, principal.accountId);
  const setting = settingsOf(state).find((s) => s.key === 'bo.minimumBalance')?.value;
  const minimumBalance = Number(setting ?? 0);
  const balance = state.balance.saldo;
  // A malformed back-office value must not silently stop every send: treat it as no minimum.
  if (!Number.isFinite(minimumBalance) || balance >= minimumBalance) return;
  deps.events.publish({
    type: 'balance.check',
    userId: principal.userId,
    event: { message: MESSAGES.insufficientBalance, balance, minimumBalance },
  });
  throw new InsufficientBalanceError();
}
