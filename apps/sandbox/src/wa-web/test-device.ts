// A bare WebSocket device for the sandbox's own tests (Sapa's driver has its own client).
import WebSocket from 'ws';
import type { ServerFrame, WireCreds } from './protocol.js';

export interface TestDevice {
  frames: ServerFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: Record<string, unknown>): void;
  /** Sends a request and waits for its result. */
  call(call: Record<string, unknown>): Promise<Extract<ServerFrame, { t: 'result' }>>;
  waitFor<T extends ServerFrame = ServerFrame>(
    match: ((f: ServerFrame) => f is T) | ((f: ServerFrame) => boolean),
    ms?: number,
  ): Promise<T>;
  items(): Array<Extract<ServerFrame, { t: 'items' }>>;
  close(): void;
}

export async function connectDevice(
  base: string,
  creds: WireCreds | null = null,
): Promise<TestDevice> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/wa/ws`);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ t: 'hello', creds, client: 'Test' }));
  let req = 0;
  const device: TestDevice = {
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async call(call) {
      const id = `r${++req}`;
      device.send({ t: 'req', req: id, call });
      return device.waitFor(
        (f): f is Extract<ServerFrame, { t: 'result' }> => f.t === 'result' && f.req === id,
      );
    },
    waitFor<T extends ServerFrame = ServerFrame>(
      match: ((f: ServerFrame) => f is T) | ((f: ServerFrame) => boolean),
      ms = 5000,
    ): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = frames.find(match) as T | undefined;
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such frame; got ${frames.map((f) => f.t).join(',')}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    items: () => frames.filter((f): f is Extract<ServerFrame, { t: 'items' }> => f.t === 'items'),
    close: () => ws.close(),
  };
  return device;
}

export const isFrame =
  <K extends ServerFrame['t']>(t: K) =>
  (f: ServerFrame): f is Extract<ServerFrame, { t: K }> =>
    f.t === t;
