import type { FastifyBaseLogger } from 'fastify';

/**
 * Stopping the process. Ctrl-C signals the whole process group, so the embedded PostgreSQL
 * stops at the same moment as the server: connections break under running queries and jobs,
 * in any order. From the first signal on, such errors are expected and kept out of the
 * terminal; every step still runs (PostgreSQL is stopped even when closing the pool failed),
 * and the process ends with one line.
 */

let stopping = false;

/** True once the process has begun to stop. */
export function isStopping(): boolean {
  return stopping;
}

// PostgreSQL itself is stopping (it got the same Ctrl-C as we did): 57P01 admin_shutdown ends
// open connections, 57P03 cannot_connect_now refuses new ones.
const PG_STOPPING = new Set(['57P01', '57P03']);
const GONE = new Set([...PG_STOPPING, 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOENT']);

function codeOf(err: unknown): string {
  return typeof err === 'object' && err && 'code' in err ? String(err.code) : '';
}

/** Errors that only say the database is going or gone. */
export function isConnectionLoss(err: unknown): boolean {
  return (
    GONE.has(codeOf(err)) ||
    (err instanceof Error &&
      /Connection terminated|Client has encountered a connection error/.test(err.message))
  );
}

/**
 * For database errors outside any request (a pool's 'error' events, reconnects, work done while
 * stopping): one warning line when a connection is lost while serving, nothing (debug) while
 * stopping or when PostgreSQL is shutting down, the full error for anything else.
 */
export function connectionErrorLogger(
  log: FastifyBaseLogger,
  what: string,
): (err: unknown) => void {
  return (err) => {
    if (stopping || PG_STOPPING.has(codeOf(err))) {
      log.debug({ err }, `${what}: connection closed`);
      return;
    }
    if (isConnectionLoss(err)) {
      log.warn({ code: codeOf(err) }, `${what}: connection lost (${(err as Error).message})`);
      return;
    }
    log.error({ err }, what);
  };
}

export interface Stopper {
  /** Something to close on stop; closed in reverse order (last opened, first closed). */
  add(name: string, close: () => unknown): void;
  /** Runs every close step once; later calls wait for the first. */
  stop(): Promise<void>;
}

export function createStopper(log: FastifyBaseLogger): Stopper {
  const steps: { name: string; close: () => unknown }[] = [];
  let running: Promise<void> | null = null;
  return {
    add: (name, close) => void steps.push({ name, close }),
    stop: () => {
      stopping = true;
      running ??= (async () => {
        for (const step of [...steps].reverse()) {
          try {
            await step.close();
          } catch (err) {
            if (isConnectionLoss(err)) log.debug({ err }, `stop: ${step.name}`);
            else log.warn({ err }, `stop: ${step.name} failed`);
          }
        }
      })();
      return running;
    },
  };
}

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * On the first of SIGINT, SIGTERM or SIGHUP: stop, call `onStopped` (one line), exit 0. Later signals
 * (Ctrl-C pressed again, `npm start` passing on SIGTERM) are ignored. If stopping hangs past
 * `forceAfterMs`, `onForce` runs (it tells PostgreSQL to stop, so nothing is left behind) and
 * the process exits 1.
 */
export function stopOnSignals(
  stopper: Stopper,
  opts: { onStopped: () => void; forceAfterMs: number; onForce: () => void },
): void {
  let handled = false;
  const handle = () => {
    if (handled) return;
    handled = true;
    const force = setTimeout(() => {
      opts.onForce();
      console.error(`Not stopped after ${opts.forceAfterMs / 1000} s; exiting.`);
      process.exit(1);
    }, opts.forceAfterMs);
    force.unref();
    void stopper.stop().then(() => {
      opts.onStopped();
      process.exit(0);
    });
  };
  for (const signal of STOP_SIGNALS) process.on(signal, handle);
}
