import type { Deps } from '../../deps.js';
import type { EventBus } from '../../events/bus.js';

/**
 * The reports listeners' work in this process: what is in flight (tests and shutdown wait for
 * it) and the batches of one event-loop turn. A listener never holds up the publisher: it queues
 * and returns; a fact lost in a crash is found again by the nightly reconcile.
 */
interface ReportsRuntime {
  inFlight: Set<Promise<unknown>>;
  queues: Map<string, BatchQueue<unknown>>;
}

/** At most this many items per run; the rest go in the next. */
const MAX_BATCH = 5_000;

const runtimes = new WeakMap<EventBus, ReportsRuntime>();

function runtimeOf(bus: EventBus): ReportsRuntime {
  let rt = runtimes.get(bus);
  if (!rt) {
    rt = { inFlight: new Set(), queues: new Map() };
    runtimes.set(bus, rt);
  }
  return rt;
}

/** Runs `work` in the background, logged on failure, waited for by `reportsIdle`. */
export function track(
  deps: Pick<Deps, 'events' | 'log'>,
  what: string,
  work: () => Promise<unknown>,
): void {
  const rt = runtimeOf(deps.events);
  const p: Promise<unknown> = work()
    .catch((err: unknown) => deps.log.error({ err }, `${what} failed; the reconcile repairs it`))
    .finally(() => rt.inFlight.delete(p));
  rt.inFlight.add(p);
}

/** Resolves once every report write started so far has finished. */
export async function reportsIdle(deps: Pick<Deps, 'events'>): Promise<void> {
  const rt = runtimeOf(deps.events);
  for (const q of rt.queues.values()) q.flush();
  while (rt.inFlight.size > 0) {
    await Promise.allSettled([...rt.inFlight]);
    for (const q of rt.queues.values()) q.flush();
  }
}

/**
 * Items of one event-loop turn (or of `delayMs`) go together to `run`; while `limit` runs are in
 * flight, new items wait and go together in the next (as ingest batches, decision 14).
 */
class BatchQueue<T> {
  private pending: T[] = [];
  private running = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private startNow: (() => void) | null = null;

  constructor(
    private readonly deps: Pick<Deps, 'events' | 'log'>,
    private readonly name: string,
    private readonly run: (items: T[]) => Promise<void>,
    private readonly limit: number,
    private readonly delayMs: number,
  ) {}

  push(item: T): void {
    this.pending.push(item);
    this.kick();
  }

  private kick(): void {
    if (this.scheduled || this.running >= this.limit || this.pending.length === 0) return;
    this.scheduled = true;
    let release: () => void = () => undefined;
    // Tracked from now, so an idle wait sees the batch before it starts.
    track(this.deps, this.name, () => new Promise<void>((resolve) => (release = resolve)));
    const start = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.startNow = null;
      this.scheduled = false;
      const items = this.pending.splice(0, MAX_BATCH);
      this.running++;
      track(this.deps, this.name, async () => {
        try {
          await this.run(items);
        } finally {
          this.running--;
          release();
          this.kick();
        }
      });
    };
    if (this.delayMs > 0) {
      this.timer = setTimeout(start, this.delayMs);
      this.startNow = start;
    } else setImmediate(start);
  }

  /** Starts a waiting batch at once (an idle wait should not sit out the gathering delay). */
  flush(): void {
    this.startNow?.();
  }
}

/** The named batch queue of this bus, created on first use. */
export function batchQueue<T>(
  deps: Pick<Deps, 'events' | 'log'>,
  name: string,
  run: (items: T[]) => Promise<void>,
  limit = 2,
  delayMs = 0,
): { push: (item: T) => void } {
  const rt = runtimeOf(deps.events);
  let q = rt.queues.get(name) as BatchQueue<T> | undefined;
  if (!q) {
    q = new BatchQueue<T>(deps, name, run, limit, delayMs);
    rt.queues.set(name, q as BatchQueue<unknown>);
  }
  return q;
}
