import { connectionErrorLogger } from '../../lifecycle.js';
import type { ModuleDefinition } from '../definition.js';
import { WebhookDispatcher } from './dispatcher.js';
import { listenToAwaited } from './listeners/awaited.listener.js';
import { listenToSpine } from './listeners/spine.listener.js';
import { interestFor } from './interest.js';
import { registerWebhookPurge } from './purge.job.js';
import { webhookEndpointsRoutes } from './routes.js';
import { sweepMissedEvents } from './sweep.js';

const SWEEP_EVERY_MS = 30_000;

/**
 * Outbound webhooks (issue 19 §5): events from the spine go to a durable outbox
 * (`webhook_events`, `webhook_deliveries`) and a worker loop posts them, signed by the Standard
 * Webhooks scheme, with retries on `WEBHOOK_RETRY_SCHEDULE`. Meta's inbound webhooks are
 * `modules/webhooks`.
 */
export const webhooksOutModule: ModuleDefinition = {
  name: 'webhooks-out',
  routes: [webhookEndpointsRoutes],
  listeners: (deps) => {
    listenToAwaited(deps);
    listenToSpine(deps);
  },
  workers: async (deps) => {
    await registerWebhookPurge(deps);
    // The worker records events too (send statuses, broadcasts): it keeps its own cache fresh.
    await interestFor(deps).start();
    const dispatcher = new WebhookDispatcher(deps);
    dispatcher.start();
    // Idempotent (dedupe keys), so every worker process may run it.
    const failed = connectionErrorLogger(deps.log, 'webhook repair sweep failed');
    const sweep = () => void sweepMissedEvents(deps).catch(failed);
    sweep();
    const timer = setInterval(sweep, SWEEP_EVERY_MS);
    return async () => {
      clearInterval(timer);
      await dispatcher.stop();
      await interestFor(deps).close();
    };
  },
};
