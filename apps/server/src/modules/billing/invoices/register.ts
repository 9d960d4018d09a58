import type { Deps } from '../../../deps.js';
import { runIssueInvoiceJob, sweepUnissuedInvoices } from './issue.js';

/** Starts the invoice workers (processes with the worker role). */
export async function registerInvoiceWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work(
    'invoice.issue',
    async ({ orderId }) => void (await runIssueInvoiceJob(deps, orderId)),
    2,
  );
  await deps.jobs.work('invoice.sweep', async () => void (await sweepUnissuedInvoices(deps)), 1);
  await deps.jobs.schedule('invoice.sweep', '*/5 * * * *', {});
}
