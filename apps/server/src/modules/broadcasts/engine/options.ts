/** Tunables of the sending engine; tests shorten the times, production keeps the defaults. */
export interface EngineOptions {
  /** Sending lanes (pg-boss jobs) per running broadcast, so several worker processes share it. */
  lanes: number;
  /** Batch loops inside one lane: the next batch is claimed while the last one is in flight. */
  pipelines: number;
  /** HTTP requests in flight per batch (over keep-alive connections). */
  httpConcurrency: number;
  /** How long one job run keeps a lane before handing over to its successor job. */
  sliceMs: number;
  /**
   * A lane whose holder has not renewed for this long is taken over (its worker died). A live
   * holder renews every second; one stuck longer (a slow request) only means two lanes run for a
   * while, which is safe: claims never overlap and both take from the same bucket.
   */
  leaseStaleMs: number;
  /**
   * A recipient left 'sending' for this long is in doubt (its worker died or its request timed
   * out): settled by its status webhook if one came, otherwise queued again. Longer than the
   * HTTP timeout (15 s) plus the time Meta (or the sandbox) takes to send the first status.
   */
  inDoubtGraceMs: number;
  /** Bucket seconds of tokens one batch asks for, and the burst the bucket may hold. */
  batchSeconds: number;
  burstSeconds: number;
  /** Most recipients per claim, whatever the rate. */
  maxBatch: number;
  /** A loop whose batch mostly got no answer (Meta unreachable) waits this long. */
  unreachablePauseMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  lanes: 2,
  pipelines: 4,
  httpConcurrency: 64,
  sliceMs: 60_000,
  leaseStaleMs: 10_000,
  inDoubtGraceMs: 60_000,
  batchSeconds: 0.1,
  burstSeconds: 0.5,
  maxBatch: 200,
  unreachablePauseMs: 5_000,
};

/** Tokens one claim asks for and the bucket's capacity, for a rate in messages per second. */
export function bucketShape(rate: number, o: EngineOptions): { want: number; burst: number } {
  const want = Math.max(1, Math.min(o.maxBatch, Math.ceil(rate * o.batchSeconds)));
  return { want, burst: Math.max(want, Math.ceil(rate * o.burstSeconds)) };
}

const configured = new WeakMap<object, EngineOptions>();

/** The options the workers of this app were registered with (keyed by its job queue). */
export function engineOptionsFor(deps: { jobs: object }): EngineOptions {
  return configured.get(deps.jobs) ?? DEFAULT_ENGINE_OPTIONS;
}

export function configureEngine(deps: { jobs: object }, o: Partial<EngineOptions>): EngineOptions {
  const merged = { ...DEFAULT_ENGINE_OPTIONS, ...o };
  configured.set(deps.jobs, merged);
  return merged;
}
