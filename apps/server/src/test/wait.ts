import { createServer, type AddressInfo } from 'node:net';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((r) =>
    probe.listen(0, '127.0.0.1', () => r((probe.address() as AddressInfo).port)),
  );
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** Polls until `fn` answers something truthy, and answers it. */
export function until<T>(
  fn: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 15_000,
): Promise<T> {
  return waitFor('a truthy answer', fn, ms);
}

/** `until` that says what it waited for when it times out. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
