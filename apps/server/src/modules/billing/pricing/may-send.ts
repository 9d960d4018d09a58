import {
  MESSAGES,
  balanceState,
  defaultLowBalanceThreshold,
  type PricingStanding,
} from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { AppError, unauthorized } from '../../../http/errors.js';
import { InsufficientBalanceError } from '../ledger.js';
import { prices } from './prices.js';
import { subscriptionStanding } from '../plans/standing.js';
import { accountFacts } from './standing.js';

/** Every way a message leaves on the business's behalf; each obeys the same rules. */
export type SendKind = 'agent_reply' | 'template' | 'automatic' | 'broadcast' | 'api';

export type SendRefusal =
  | { reason: 'insufficient_balance'; balance: number; minimumBalance: number }
  | { reason: 'expired'; dueDate: Date | null }
  | { reason: 'suspended' };

export type MaySend = { ok: true; balance: number; minimumBalance: number } | SendRefusalResult;
type SendRefusalResult = { ok: false } & SendRefusal;

/** The plan lapsed: nothing goes out until it is renewed (customers' messages still arrive). */
export class SubscriptionExpiredError extends AppError {
  constructor() {
    super(402, MESSAGES.subscriptionExpiredSend, 'SUBSCRIPTION_EXPIRED');
  }
}

/** Sapa suspended the account. */
export class AccountSuspendedError extends AppError {
  constructor() {
    super(403, MESSAGES.accountSuspendedSend, 'ACCOUNT_SUSPENDED');
  }
}

export function refusalError(refusal: SendRefusal): AppError {
  if (refusal.reason === 'suspended') return new AccountSuspendedError();
  if (refusal.reason === 'expired') return new SubscriptionExpiredError();
  return new InsufficientBalanceError();
}

/** A send refused by maySend's rule (balance, plan or suspension), as thrown. */
export function isSendRefusal(err: unknown): err is AppError {
  return (
    err instanceof InsufficientBalanceError ||
    err instanceof SubscriptionExpiredError ||
    err instanceof AccountSuspendedError
  );
}

/** A suspended or expired account may not send, whatever its balance; the checks go in that order. */
function decide(
  facts: { suspended: boolean; saldo: number },
  plan: { status: string; dueDate: Date | null },
  minimumBalance: number,
): MaySend {
  if (facts.suspended) return { ok: false, reason: 'suspended' };
  if (plan.status === 'expired') return { ok: false, reason: 'expired', dueDate: plan.dueDate };
  if (facts.saldo < minimumBalance)
    return {
      ok: false,
      reason: 'insufficient_balance',
      balance: facts.saldo,
      minimumBalance,
    };
  return { ok: true, balance: facts.saldo, minimumBalance };
}

/**
 * May this account send a message of this kind now? The same answer for agent replies (REST and
 * socket), inbox templates, automatic messages, broadcasts and API sends. An account without a
 * plan yet (`none`) is not refused for it: only a lapsed plan is.
 */
export async function maySend(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  kind: SendKind,
): Promise<MaySend> {
  void kind; // Every kind follows one rule today; the parameter names the caller in logs and tests.
  // Sends of one account arriving together (an integration's 1,000 a second) share the lookup
  // in flight: three reads each were most of a send's statements. A send arriving after it
  // settles reads again, so a top-up or a lapse is seen by the next send as before.
  let inFlight = lookups.get(deps.db);
  if (!inFlight) lookups.set(deps.db, (inFlight = new Map()));
  const running = inFlight.get(accountId);
  if (running) return running;
  const lookup = lookUp(deps, accountId).finally(() => inFlight.delete(accountId));
  inFlight.set(accountId, lookup);
  return lookup;
}

const lookups = new WeakMap<Deps['db'], Map<string, Promise<MaySend>>>();

async function lookUp(deps: Pick<Deps, 'db' | 'clock'>, accountId: string): Promise<MaySend> {
  const [facts, plan, p] = await Promise.all([
    accountFacts(deps.db, accountId),
    // Where `expired` starts at the end of the grace, the same instant the web guard closes the app.
    subscriptionStanding(deps, accountId),
    prices(deps.db, accountId),
  ]);
  // The caller's account was just deleted.
  if (!facts) throw unauthorized(MESSAGES.sessionExpired, 'ACCOUNT_GONE');
  return decide(facts, plan, p.minimumBalance);
}

/**
 * maySend, throwing the refusal. For a person's send (`userId`), an insufficient balance also
 * reaches their screens as `balance.check` (spec §8), as before.
 */
export async function assertMaySend(
  deps: Pick<Deps, 'db' | 'clock' | 'events'>,
  who: { accountId: string; userId: string | null },
  kind: SendKind,
): Promise<void> {
  const answer = await maySend(deps, who.accountId, kind);
  if (answer.ok) return;
  if (answer.reason === 'insufficient_balance' && who.userId)
    deps.events.publish({
      type: 'balance.check',
      userId: who.userId,
      event: {
        message: MESSAGES.insufficientBalance,
        balance: answer.balance,
        minimumBalance: answer.minimumBalance,
      },
    });
  throw refusalError(answer);
}

/** What the banner shows: balance, threshold, prices and the one state that matters most. */
export async function pricingStanding(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
): Promise<PricingStanding> {
  const [facts, plan, p] = await Promise.all([
    accountFacts(deps.db, accountId),
    // Where `expired` starts at the end of the grace, the same instant the web guard closes the app.
    subscriptionStanding(deps, accountId),
    prices(deps.db, accountId),
  ]);
  if (!facts) throw unauthorized(MESSAGES.sessionExpired, 'ACCOUNT_GONE');
  const threshold = facts.threshold ?? defaultLowBalanceThreshold(p.minimumBalance);
  const answer = decide(facts, plan, p.minimumBalance);
  return {
    saldo: facts.saldo,
    minimumBalance: p.minimumBalance,
    lowBalanceThreshold: threshold,
    prices: {
      userInitiatePrice: p.userInitiatePrice,
      businessInitiatePrice: p.businessInitiatePrice,
      mauPrice: p.mauPrice,
    },
    state: answer.ok
      ? balanceState(facts.saldo, p.minimumBalance, threshold)
      : answer.reason === 'insufficient_balance'
        ? 'insufficient'
        : answer.reason,
    dueDate: plan.dueDate?.toISOString() ?? null,
  };
}
