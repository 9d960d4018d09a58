import { WEBHOOK_LIMITS } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import {
  dispatchRepo,
  type AttemptRecord,
  type ClaimedDelivery,
  type EndpointForSend,
} from './dispatch.repo.js';
import { mailAdminsEndpointDisabled } from './disabled-mail.js';
import { webhookHeaders } from './signing.js';
import { retryAfterMs } from './throttle.js';
import { postPinned, resolveTarget, type Target } from './target.js';
import { connectionErrorLogger } from '../../lifecycle.js';

type DispatchDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets' | 'log' | 'mailer'>;

const HOUR = 3_600_000;
/** Longer than a POST may take (15 s), so a live worker's lease never lapses mid-request. */
export const LEASE_SECONDS = 60;
/** How long a loop waits after a batch failed before it tries again. */
const ERROR_PAUSE_MS = 1_000;

/** What one POST did, before it is written down. */
interface Sent {
  claimed: ClaimedDelivery;
  headers: Record<string, string>;
  status: number | null;
  body: string | null;
  error: string | null;
  latencyMs: number;
  at: Date;
  /** The receiver's Retry-After, in ms, on a throttling answer (throttle.ts). */
  retryAfterMs: number | null;
}

/** The endpoint's current secret, and the previous one while a rotation's 24 hours run. */
function secretsOf(deps: DispatchDeps, endpoint: EndpointForSend, now: Date): string[] {
  const secrets = [deps.secrets.open(endpoint.secret_sealed)];
  if (
    endpoint.previous_secret_sealed &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now
  )
    secrets.push(deps.secrets.open(endpoint.previous_secret_sealed));
  return secrets;
}

/** One POST of a delivery: signed now, to the address checked now. Never throws. */
async function send(
  deps: DispatchDeps,
  claimed: ClaimedDelivery,
  target: Target,
  secrets: string[],
  body: string,
): Promise<Sent> {
  const at = deps.clock.now();
  const headers = webhookHeaders(secrets, claimed.event_id, Math.floor(at.getTime() / 1000), body);
  const started = performance.now();
  const done = (
    status: number | null,
    excerpt: string | null,
    error: string | null,
    retryAfter: string | null = null,
  ): Sent => ({
    claimed,
    headers,
    status,
    body: excerpt,
    error,
    latencyMs: Math.round(performance.now() - started),
    at,
    retryAfterMs: retryAfterMs(status, retryAfter, at),
  });
  if (!target.ok) return done(null, null, target.reason);
  try {
    const res = await postPinned(
      target,
      headers,
      body,
      WEBHOOK_LIMITS.timeoutMs,
      WEBHOOK_LIMITS.responseExcerptChars,
    );
    return done(res.status, res.excerpt, null, res.retryAfter);
  } catch (err) {
    return done(null, null, err instanceof Error ? err.message : String(err));
  }
}

const ok = (s: Sent) => s.status !== null && s.status >= 200 && s.status < 300;

/** Where a delivery goes after an attempt, by `WEBHOOK_RETRY_SCHEDULE`. */
function nextOf(deps: DispatchDeps, s: Sent, replay: boolean): AttemptRecord['next'] {
  if (ok(s)) return { state: 'delivered' };
  if (s.status === 410) return { state: 'failed' };
  // A failed manual replay of a delivery whose schedule had ended leaves it as it was.
  if (replay && !s.claimed.was_pending) return { state: 'keep' };
  const schedule = deps.config.webhooks.retrySchedule;
  const wait = schedule[s.claimed.attempts];
  if (wait === undefined) return { state: 'failed' };
  return { state: 'pending', at: new Date(s.at.getTime() + waitMs(deps, s, wait * 1000)) };
}

/**
 * The schedule's wait, or the receiver's Retry-After when that is longer, capped at the
 * schedule's longest wait (a receiver cannot park its events for a week): an attempt is never
 * sooner than the schedule allows, and no attempt is spent before the receiver asked.
 */
function waitMs(deps: DispatchDeps, s: Sent, scheduledMs: number): number {
  if (s.retryAfterMs === null) return scheduledMs;
  const capMs = Math.max(...deps.config.webhooks.retrySchedule) * 1000;
  return Math.max(scheduledMs, Math.min(s.retryAfterMs, capMs));
}

/** Until when each endpoint that answered with Retry-After asked to be left alone. */
function throttledUntil(deps: DispatchDeps, sent: Sent[]): Map<string, Date> {
  const until = new Map<string, Date>();
  for (const s of sent) {
    if (s.retryAfterMs === null) continue;
    const at = new Date(s.at.getTime() + waitMs(deps, s, 0));
    const id = s.claimed.endpoint_id;
    if (at > (until.get(id) ?? new Date(0))) until.set(id, at);
  }
  return until;
}

/**
 * Delivers the given deliveries (already claimed, or picked for a replay or a test), writes one
 * log row per attempt, and applies what the answers mean for the endpoints: a success ends a
 * failing streak; a 410, or failures for 3 days, disable the endpoint and mail its admins.
 */
export async function deliver(
  deps: DispatchDeps,
  claimed: ClaimedDelivery[],
  /** `manual`: an admin asked (replay, test event): sent even to a disabled endpoint. */
  opts: { replay?: boolean; manual?: boolean } = {},
): Promise<AttemptRecord[]> {
  if (!claimed.length) return [];
  const now = deps.clock.now();
  const [bodies, endpoints] = await Promise.all([
    dispatchRepo.bodies(deps.db, [...new Set(claimed.map((c) => c.event_id))]),
    dispatchRepo.endpoints(deps.db, [...new Set(claimed.map((c) => c.endpoint_id))]),
  ]);
  // The address is checked once per endpoint per batch: DNS may have changed since it was saved.
  const targets = new Map<string, Promise<Target>>();
  const secrets = new Map<string, string[]>();
  for (const e of endpoints.values()) {
    targets.set(e.id, resolveTarget(e.url, deps.config.webhooks.allowedPrivateHosts));
    secrets.set(e.id, secretsOf(deps, e, now));
  }
  const sendable = claimed.filter((c) => {
    const e = endpoints.get(c.endpoint_id);
    return e && (e.enabled || opts.manual || opts.replay) && bodies.has(c.event_id);
  });
  const sent = await Promise.all(
    sendable.map(async (c) =>
      send(
        deps,
        c,
        await targets.get(c.endpoint_id)!,
        secrets.get(c.endpoint_id)!,
        bodies.get(c.event_id)!,
      ),
    ),
  );
  const records: AttemptRecord[] = sent.map((s) => ({
    deliveryId: s.claimed.id,
    attempt: s.claimed.attempts,
    replay: opts.replay ?? false,
    at: s.at,
    headers: s.headers,
    status: s.status,
    body: s.body,
    error: s.error,
    latencyMs: s.latencyMs,
    next: nextOf(deps, s, opts.replay ?? false),
  }));
  // Taken for an endpoint switched off (or deleted) meanwhile: no POST, no longer due.
  const dropped = claimed.filter((c) => !sendable.includes(c));
  await dispatchRepo.record(deps.db, records);
  await dispatchRepo.drop(
    deps.db,
    dropped.map((c) => c.id),
  );
  // Its other deliveries (due now, or queued later) wait as long as the receiver asked too.
  await dispatchRepo.throttle(deps.db, throttledUntil(deps, sent));
  await settleEndpoints(deps, sent, endpoints, now);
  return records;
}

async function settleEndpoints(
  deps: DispatchDeps,
  sent: Sent[],
  endpoints: Map<string, EndpointForSend>,
  now: Date,
): Promise<void> {
  const succeeded = new Set<string>();
  const failed = new Set<string>();
  const gone = new Set<string>();
  for (const s of sent) {
    const id = s.claimed.endpoint_id;
    if (ok(s)) succeeded.add(id);
    else if (s.status === 410) gone.add(id);
    else failed.add(id);
  }
  await dispatchRepo.succeeded(deps.db, [...succeeded]);
  // An endpoint that also succeeded in this batch is not failing.
  const streaks = await dispatchRepo.failed(
    deps.db,
    [...failed].filter((id) => !succeeded.has(id)),
    now,
  );
  const disable: { id: string; reason: 'gone' | 'failing' }[] = [...gone].map((id) => ({
    id,
    reason: 'gone',
  }));
  for (const [id, since] of streaks)
    if (now.getTime() - since.getTime() >= WEBHOOK_LIMITS.disableAfterFailingHours * HOUR)
      disable.push({ id, reason: 'failing' });
  for (const d of disable) {
    const endpoint = endpoints.get(d.id);
    if (!endpoint) continue;
    if (await dispatchRepo.disable(deps.db, d.id, d.reason, now)) {
      deps.log.warn({ endpointId: d.id, reason: d.reason }, 'webhook endpoint disabled');
      await mailAdminsEndpointDisabled(deps, endpoint, d.reason);
    }
  }
}

/**
 * The delivery loop of a worker process: takes due deliveries in batches (many POSTs side by
 * side, each over a kept-alive connection), straight on while there is a backlog, and polls
 * every `idleMs` when there is none.
 */
export class WebhookDispatcher {
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();

  /**
   * `parallel` loops take batches side by side, so a receiver that times out (15 s) holds up one
   * batch, not the whole account base's deliveries.
   */
  constructor(
    private readonly deps: DispatchDeps,
    private readonly opts: { batchSize?: number; idleMs?: number; parallel?: number } = {},
  ) {}

  /** One batch: answers how many deliveries it took. Tests call it on a controlled clock. */
  async runOnce(): Promise<number> {
    const claimed = await dispatchRepo.claim(
      this.deps.db,
      this.deps.clock.now(),
      this.opts.batchSize ?? 100,
      LEASE_SECONDS,
    );
    await deliver(this.deps, claimed);
    return claimed.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < (this.opts.parallel ?? 4); i++) this.loops.push(this.run());
  }

  private async run(): Promise<void> {
    // A database going away (the server stopping, PostgreSQL restarting) is one quiet line, and
    // the loop waits a second before trying again instead of spinning on the error.
    const failed = connectionErrorLogger(this.deps.log, 'webhook delivery batch failed');
    while (this.running) {
      let taken = 0;
      let broke = false;
      try {
        taken = await this.runOnce();
      } catch (err) {
        failed(err);
        broke = true;
      }
      if (taken === 0 && this.running) await this.idle(broke ? ERROR_PAUSE_MS : undefined);
    }
  }

  private idle(ms = this.opts.idleMs ?? 100): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const wake of [...this.wakers]) wake();
    await Promise.all(this.loops);
    this.loops = [];
  }
}
