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
