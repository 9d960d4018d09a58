import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession, type Session } from '../session';
import { connectSocket } from '../../lib/socket';
import type { TokenClaims } from '../../lib/jwt';
import { makeUser } from '../../test/fixtures';
import { makeSession } from '../../features/shared/test-utils';
import { useSessionSocket } from './useSessionSocket';

vi.mock('../../lib/socket', () => ({ connectSocket: vi.fn() }));
vi.mock('../session', () => ({ useSession: vi.fn() }));

const connect = vi.mocked(connectSocket);
const CLAIMS: TokenClaims = {
  sub: 'user-1',
  acc: 'account-1',
  sid: 'session-1',
  role: 'admin',
  isTwoFactorAuthenticated: false,
  iat: 1_700_000_000,
  exp: 4_000_000_000,
};

function run(session: Session) {
  vi.mocked(useSession).mockReturnValue(session);
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
  return { queryClient, ...renderHook(() => useSessionSocket(), { wrapper }) };
}

describe('useSessionSocket', () => {
  beforeEach(() => connect.mockReset());

  it('connects a loaded session with the user id and the app query client', () => {
    const { queryClient } = run(
      makeSession({
        claims: CLAIMS,
        user: makeUser({ _id: 'user-7', role: 'supervisor', divisionOnlyView: true }),
      }),
    );
    // Role and division-only view decide which chats leave the lists on live events (spec §4).
    expect(connect).toHaveBeenCalledWith({
      queryClient,
      userId: 'user-7',
      viewer: { role: 'supervisor', divisionOnlyView: true },
    });
  });

  it('does not ask again on re-render while the session stays the same', () => {
    const session = makeSession({ claims: CLAIMS });
    const { rerender } = run(session);
    const calls = connect.mock.calls.length;
    rerender();
    rerender();
    expect(connect).toHaveBeenCalledTimes(calls);
  });

  it('waits for a 2FA-enabled user until the token is verified', () => {
    const user = makeUser({ isTwoFactorAuthenticationEnabled: true });
    run(makeSession({ claims: CLAIMS, user }));
    expect(connect).not.toHaveBeenCalled();

    run(makeSession({ claims: { ...CLAIMS, isTwoFactorAuthenticated: true }, user }));
    expect(connect).toHaveBeenCalled();
  });

  it('does nothing without a token or before the account is loaded', () => {
    run(makeSession({ token: null, status: 'anonymous' }));
    run(makeSession({ status: 'loading' }));
    run(makeSession({ status: 'partial' }));
    expect(connect).not.toHaveBeenCalled();
  });
});
