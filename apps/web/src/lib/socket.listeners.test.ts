// onServerEvent: screens' own listeners (notifications, counters) beside the cache table.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { connectSocket, disconnectSocket, onServerEvent } from './socket';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

type Listener = (payload: unknown) => void;

/** A socket whose listeners can be fired, like the server emitting an event. */
function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    connected: true,
    active: true,
    on: vi.fn((event: string, l: Listener) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(l));
    }),
    off: vi.fn((event: string, l: Listener) => listeners.get(event)?.delete(l)),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(() => listeners.clear()),
    fire: (event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}

const ioMock = vi.mocked(io);
const connect = () =>
  connectSocket({ queryClient: new QueryClient(), userId: 'user-1' }) as unknown as ReturnType<
    typeof fakeSocket
  >;

describe('onServerEvent', () => {
  beforeEach(() => {
    disconnectSocket();
    ioMock.mockReset();
    ioMock.mockImplementation(() => fakeSocket() as unknown as ReturnType<typeof io>);
  });

  it('hears the event on the live socket until unsubscribed', () => {
    const socket = connect();
    const heard = vi.fn();
    const off = onServerEvent('new.message.in', heard);
    socket.fire('new.message.in', { n: 1 });
    expect(heard).toHaveBeenCalledWith({ n: 1 });
    off();
    socket.fire('new.message.in', { n: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('survives the socket being replaced (subscribed before, or across a new session)', () => {
    const heard = vi.fn();
    const off = onServerEvent('read.chat', heard);
    connect().fire('read.chat', 'first');
    disconnectSocket();
    connect().fire('read.chat', 'second');
    expect(heard.mock.calls).toEqual([['first'], ['second']]);
    off();
  });
});
