import type { Deps } from '../../../deps.js';
import { handleTemplateStatusEvents } from '../status-sync.js';

/**
 * Meta's verdicts on templates (the WhatsApp adapter's `template.status` events) update ours.
 * Errors go through: the webhook answers 5xx and Meta sends the verdict again.
 */
export function listenToTemplateVerdicts(deps: Deps): void {
  deps.events.on('template.status', (event) => handleTemplateStatusEvents(deps, event.changes));
}
