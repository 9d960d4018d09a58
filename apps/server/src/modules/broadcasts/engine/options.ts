/** Tunables of the sending engine; tests shorten the times, production keeps the defaults. */
export interface EngineOptions {
  /** Sending lanes (pg-boss jobs) per running broadcast, so several worker processes share it. */
  lanes: number;
  /**
   * Batch loops inside one lane: while one batch's sends wait for their slots, another loop
   * claims the next, so the grid never waits for a claim.
   */
  pipelines: number;
  /**
   * Sends one lane keeps waiting for Meta, in seconds of the channel's rate (at least
   * `minInFlight`): Meta answering in up to this long does not slow the sending.
   */
  inFlightSeconds: number;
  minInFlight: number;
  /** How long one job run keeps a lane before handing over to its successor job. */
  sliceMs: number;
  /**
   * A lane whose holder has not renewed for this long is taken over (its worker died). A live
   * holder renews every second; one stuck longer (a slow request) only means two lanes run for a
   * while, which is safe: claims never overlap and both take slots from the same grid.
   */
  leaseStaleMs: number;
  /**
   * A recipient left 'sending' for this long is in doubt (its worker died or its request timed
   * out): settled by its status webhook if one came, otherwise queued again. Longer than the
   * HTTP timeout (15 s) plus the time Meta (or the sandbox) takes to send the first status.
   */
  inDoubtGraceMs: number;
  /** Seconds of the channel's rate one claim takes (its sends then start 1/rate s apart). */
  batchSeconds: number;
  /** Most recipients per claim, whatever the rate. */
  maxBatch: number;
  /** A lane whose batch mostly got no answer (Meta unreachable) stops claiming this long. */
  unreachablePauseMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  lanes: 2,
  pipelines: 2,
  inFlightSeconds: 2,
  minInFlight: 16,
  sliceMs: 60_000,
  leaseStaleMs: 10_000,
  inDoubtGraceMs: 60_000,
  batchSeconds: 0.1,
  maxBatch: 200,
  unreachablePauseMs: 5_000,
};

/** Recipients one claim takes, and the sends one lane may keep in flight, at a rate. */
export function paceShape(rate: number, o: EngineOptions): { batch: number; maxInFlight: number } {
  const batch = Math.max(1, Math.min(o.maxBatch, Math.ceil(rate * o.batchSeconds)));
  return {
    batch,
    maxInFlight: Math.max(o.minInFlight, batch, Math.ceil(rate * o.inFlightSeconds)),
  };
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
