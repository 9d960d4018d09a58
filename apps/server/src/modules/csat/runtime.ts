import type { Deps } from '../../deps.js';
import type { EventBus } from '../../events/bus.js';

/**
 * Surveys started from a non-awaited event (`chat.resolved`) run beside the request that
 * resolved the ticket; they are tracked per bus so tests (and a graceful stop) can wait for
 * them. A failure is logged: the sweep (sweep.job.ts) sends what was missed.
 */
const inFlight = new WeakMap<EventBus, Set<Promise<unknown>>>();

export function track(
  deps: Pick<Deps, 'events' | 'log'>,
  what: string,
  work: () => Promise<unknown>,
) {
  const set = inFlight.get(deps.events) ?? new Set<Promise<unknown>>();
  inFlight.set(deps.events, set);
  const p: Promise<unknown> = work()
    .catch((err: unknown) => deps.log.error({ err }, `${what} failed; the sweep retries`))
    .finally(() => set.delete(p));
  set.add(p);
}

/** Resolves once every survey started so far on this bus has been written. */
export async function csatIdle(deps: Pick<Deps, 'events'>): Promise<void> {
  const set = inFlight.get(deps.events);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
