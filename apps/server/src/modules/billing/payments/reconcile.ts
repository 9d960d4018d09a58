import type { Deps } from '../../../deps.js';
import { PaymentFulfilment, type SettleOutcome } from './fulfilment.js';
import { ordersRepo } from './orders.repo.js';

const BATCH = 100;
/** A notification's own settle job gets this long before the sweep steps in. */
export const SWEEP_AFTER_MS = 60_000;

/**
 * Every minute: asks the gateway about orders whose notification handling did not finish (the
 * status API was down after we answered 200, the process died) and pending orders past their
 * expiry (a notification never came). A lost notification or an outage still settles, and an
 * abandoned order becomes expired. One order's failure does not stop the others.
 */
export async function runPaymentReconcile(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'events' | 'jobs' | 'config'>,
): Promise<{ checked: number; outcomes: Partial<Record<SettleOutcome | 'error', number>> }> {
  const fulfilment = new PaymentFulfilment(deps);
  const now = deps.clock.now();
  const ids = await ordersRepo.toReconcile(
    deps.db,
    now,
    new Date(now.getTime() - SWEEP_AFTER_MS),
    BATCH,
  );
  const outcomes: Partial<Record<SettleOutcome | 'error', number>> = {};
  for (const id of ids) {
    let outcome: SettleOutcome | 'error';
    try {
      outcome = await fulfilment.settle(id);
    } catch (err) {
      deps.log.warn({ orderId: id, err }, 'payment reconcile could not settle an order');
      outcome = 'error';
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return { checked: ids.length, outcomes };
}
