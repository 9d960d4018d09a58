// One autocannon measurement, reduced to the figures the benches print.
import autocannon from 'autocannon';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}

export async function measure(options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A measurement where anything but 2xx answers happened is not a measurement of the route. */
export function assertClean(label: string, figures: LoadFigures): void {
  if (figures.non2xx > 0 || figures.errors > 0 || figures.requests === 0) {
    throw new Error(
      `${label}: ${figures.non2xx} non-2xx answers and ${figures.errors} errors in ${figures.requests} requests`,
    );
  }
}

export interface PostFigures {
  /** Requests answered per second, from the first request to the last answer. */
  perSecond: number;
  /** Milliseconds from the start to the last answer. */
  ms: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * POSTs `count` bodies built on demand by `next(i)`, keeping `connections` in flight. The rate is
 * timed to the last answer: autocannon reports only on its once-a-second tick, which would add
 * up to a second of idle time to a 15-second run.
 */
export function postAmount(
  url: string,
  connections: number,
  count: number,
  next: (i: number) => { body: string | Buffer; headers: Record<string, string> },
): Promise<PostFigures> {
  let i = 0;
  let lastAnswer = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections,
        amount: count,
        requests: [
          {
            setupRequest: (req) => {
              const w = next(i++);
              return { ...req, body: w.body, headers: w.headers };
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        const ms = (lastAnswer || performance.now()) - started;
        resolve({
          perSecond: Math.round(count / (ms / 1000)),
          ms: Math.round(ms),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
}
