import type { Deps } from '../../../deps.js';
import { PaymentFulfilment } from './fulfilment.js';
import { runPaymentReconcile } from './reconcile.js';

/** The payment jobs of this process: settling notified orders, and the minute's reconcile. */
export async function registerPaymentWorkers(deps: Deps): Promise<void> {
  const fulfilment = new PaymentFulfilment(deps);
  // A gateway outage throws: pg-boss retries soon, and the reconcile sweep after that. Batches
  // of 20 side by side: each settle mostly waits on the gateway's status API.
  await deps.jobs.work(
    'payments.settle',
    async ({ orderId }) => {
      await fulfilment.settle(orderId);
    },
    2,
    { batchSize: 20 },
  );
  await deps.jobs.work(
    'payments.reconcile',
    async () => {
      const result = await runPaymentReconcile(deps);
      if (result.checked) deps.log.info(result, 'payments reconciled');
    },
    1,
  );
  await deps.jobs.schedule('payments.reconcile', '* * * * *', {});
}
