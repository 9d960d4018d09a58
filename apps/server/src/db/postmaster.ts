import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 100;

/** The pid in `dir/postmaster.pid` (its first line), or null when there is no such file. */
export function readPostmasterPid(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.split('\n', 1)[0]?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves true once `pid` has exited, or false when `timeoutMs` passes first. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

export class EarlierPostmasterError extends Error {}

/**
 * Right after a crash (kill -9 of the whole process group) the old postmaster may still be
 * dying when the server starts again; PostgreSQL then refuses with "lock file postmaster.pid
 * already exists". So: if the lock file names a live process, wait (at most `timeoutMs`) for
 * it to go. A stale file (its process gone) is left to PostgreSQL, which replaces it itself.
 */
export async function waitForEarlierPostmaster(
  dir: string,
  timeoutMs: number,
  onWait?: (line: string) => void,
): Promise<void> {
  const pid = readPostmasterPid(dir);
  if (pid === null || !isAlive(pid)) return;
  onWait?.(`Waiting for the earlier PostgreSQL (pid ${pid}) in ${dir} to exit`);
  if (await waitForExit(pid, timeoutMs)) return;
  throw new EarlierPostmasterError(
    `The embedded PostgreSQL in ${dir} did not start: an earlier PostgreSQL (pid ${pid}) still ` +
      `runs there after ${Math.round(timeoutMs / 1000)} s (another Sapa using the same ` +
      `DATA_DIR, or one left running when its server was killed): stop it (kill -INT ${pid}) ` +
      'or use another DATA_DIR',
  );
}
