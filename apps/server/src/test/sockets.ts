import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { Ack } from '@sapa/contracts';
import type { App } from '../http/types.js';

/**
 * Socket.IO over a real port, as the web app reaches it: socket tests share this so that each
 * one opens, hears and closes its clients the same way.
 */

/** Puts the app on a free local port (sockets need a real one); its base URL. */
export async function listenLocally(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface SocketClients {
  /** A client with this token, websocket only and never reconnecting (a cut-off stays cut off). */
  open(url: string, token: string): Promise<Socket>;
  /** Disconnects every client opened so far (in `afterAll`, or `afterEach` for a clean slate). */
  closeAll(): void;
}

export function socketClients(): SocketClients {
  const sockets: Socket[] = [];
  return {
    open(url, token) {
      const socket = connect(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    },
    closeAll() {
      for (const s of sockets.splice(0)) s.disconnect();
    },
  };
}

/** A client event with its acknowledgement. */
export const emitAck = (socket: Socket, event: string, payload: unknown): Promise<Ack> =>
  new Promise((resolve) => socket.emit(event, payload, (ack: Ack) => resolve(ack)));

/** Every payload of one server event the socket hears, in order. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Every event name the socket hears, in order. */
export function heard(socket: Socket): string[] {
  const names: string[] = [];
  socket.onAny((name: string) => names.push(name));
  return names;
}

/**
 * Time for events in flight to arrive before a test counts what came and what did not (an
 * absence cannot be awaited); 150 ms is ample on one machine.
 */
export const quietPeriod = (ms = 150) => new Promise((r) => setTimeout(r, ms));
