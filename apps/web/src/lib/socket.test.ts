import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { connectSocket, disconnectSocket, getConnectionState } from './socket';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

interface FakeSocket {
  connected: boolean;
  active: boolean;
  on: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
  removeAllListeners: ReturnType<typeof vi.fn>;
}

function fakeSocket(): FakeSocket {
  return {
    connected: false,
    // socket.io marks a socket active from io() on, while it is (re)connecting.
    active: true,
    on: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
  };
}

const ioMock = vi.mocked(io);
const options = () => ({ queryClient: new QueryClient(), userId: 'user-1' });

describe('connectSocket', () => {
  beforeEach(() => {
    disconnectSocket();
    ioMock.mockReset();
    ioMock.mockImplementation(() => fakeSocket() as unknown as ReturnType<typeof io>);
  });

  it('opens one socket however often it is called (shell and /chat both call it)', () => {
    const first = connectSocket(options());
    const second = connectSocket(options());
    expect(second).toBe(first);
    expect(ioMock).toHaveBeenCalledTimes(1);
    expect((first as unknown as FakeSocket).connect).not.toHaveBeenCalled();
    expect(getConnectionState()).toBe('connecting');
  });

  it('restarts a socket that gave up instead of opening another', () => {
    const s = connectSocket(options()) as unknown as FakeSocket;
    s.active = false;
    connectSocket(options());
    expect(s.connect).toHaveBeenCalledTimes(1);
    expect(ioMock).toHaveBeenCalledTimes(1);
  });

  it('closes on disconnectSocket, and the next session gets a fresh socket', () => {
    const s = connectSocket(options()) as unknown as FakeSocket;
    disconnectSocket();
    expect(s.removeAllListeners).toHaveBeenCalled();
    expect(s.disconnect).toHaveBeenCalled();
    expect(getConnectionState()).toBe('idle');
    const next = connectSocket(options());
    expect(next).not.toBe(s);
    expect(ioMock).toHaveBeenCalledTimes(2);
  });

  it('fetches the inbox again on every connect, the first one too', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const s = connectSocket({ queryClient, userId: 'user-1' }) as unknown as FakeSocket;
    const onConnect = s.on.mock.calls.find(([event]) => event === 'connect')?.[1] as () => void;
    // Lists fetched during the handshake would miss what happened before the rooms were joined.
    onConnect();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['inbox'] });
    onConnect();
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(getConnectionState()).toBe('connected');
  });
});
