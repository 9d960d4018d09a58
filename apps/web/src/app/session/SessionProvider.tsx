import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { analytics } from '../../lib/analytics';
import { setAccountTimeZone } from '../../lib/datetime';
import { api, HttpError, refreshAccessToken } from '../../lib/http';
import { decodeClaims, type TokenClaims } from '../../lib/jwt';
import { message } from '../../lib/messages';
import { navigateTo } from '../../lib/navigation';
import { notifyError } from '../../lib/notify';
import {
  clearAll,
  getToken,
  resetSessionCache,
  setForbidden,
  setToken as storeToken,
  subscribeToken,
} from '../../lib/storage';
import type { LoadStatus, RefreshStatus } from '../guard';
import { fetchSessionData, readCachedSession, type SessionData } from './loadSession';
import { SessionContext, type Session } from './SessionContext';
import { runSessionEnd } from './teardown';

interface Loaded {
  key: string;
  status: LoadStatus;
  data: SessionData | null;
}

/**
 * Loaded data belongs to one sign-in: a refreshed token keeps it, a new sign-in or a finished
 * 2FA step (which unlocks the rest of the account) loads again.
 */
function sessionKey(claims: TokenClaims | null): string | null {
  return claims ? `${claims.sub}:${claims.sid}:${String(claims.isTwoFactorAuthenticated)}` : null;
}

function isAlreadyLoggedOut(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    (error.status === 401 || (error.status === 400 && /already logout/i.test(error.message)))
  );
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(getToken);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [refreshStatus, setRefreshStatus] = useState<RefreshStatus>('idle');
  const [signingOut, setSigningOut] = useState(false);
  // Mirrors `loaded` for callbacks that must decide synchronously (no double loads).
  const loadedRef = useRef<Loaded | null>(null);
  const update = useCallback((next: Loaded | null) => {
    loadedRef.current = next;
    setLoaded(next);
  }, []);

  const claims = useMemo(() => decodeClaims(token), [token]);
  const key = sessionKey(claims);
  const keyRef = useRef(key);
  keyRef.current = key;
  const hadToken = useRef(token !== null);

  // Follow the stored token: refreshes, logins, expiry (HTTP client) and other tabs.
  useEffect(
    () =>
      subscribeToken((next) => {
        setTokenState(next);
        if (next) setRefreshStatus((s) => (s === 'pending' ? s : 'idle'));
      }),
    [],
  );

  // A session that ends (logout, expiry, another tab) leaves nothing behind.
  useEffect(() => {
    if (token) {
      hadToken.current = true;
      return;
    }
    if (hadToken.current) {
      hadToken.current = false;
      update(null);
      setAccountTimeZone(null);
      queryClient.clear();
      runSessionEnd();
      analytics.reset();
    }
    analytics.identifyLoggedOut();
  }, [token, queryClient, update]);

  const current = loaded && loaded.key === key ? loaded : null;

  const fetchFor = useCallback(
    async (forKey: string, useCache: boolean): Promise<void> => {
      const userId = forKey.split(':')[0] ?? '';
      const data = (useCache ? readCachedSession(userId) : null) ?? (await fetchSessionData());
      if (keyRef.current !== forKey) return; // signed out or switched while loading
      // Before the screens render with the new data, so their first times are the account's.
      setAccountTimeZone(data.account?.timezone || data.settings.timezone);
      update({ key: forKey, status: data.complete ? 'ready' : 'partial', data });
      if (data.complete) analytics.identifyUser(data.user);
    },
    [update],
  );

  const load = useCallback(async (): Promise<void> => {
    const forKey = keyRef.current;
    const prev = loadedRef.current;
    if (!forKey || (prev && prev.key === forKey && prev.status !== 'idle')) return;
    update({ key: forKey, status: 'loading', data: null });
    try {
      await fetchFor(forKey, true);
    } catch {
      if (keyRef.current === forKey) update({ key: forKey, status: 'error', data: null });
    }
  }, [fetchFor, update]);

  const reload = useCallback(async (): Promise<void> => {
    const forKey = keyRef.current;
    if (!forKey) return;
    resetSessionCache();
    // Keep showing the current data while refetching so open pages do not unmount.
    const prev = loadedRef.current;
    const keep = prev && prev.key === forKey && prev.data ? prev : null;
    if (!keep) update({ key: forKey, status: 'loading', data: null });
    try {
      await fetchFor(forKey, false);
    } catch (error) {
      if (!keep && keyRef.current === forKey) update({ key: forKey, status: 'error', data: null });
      throw error;
    }
  }, [fetchFor, update]);

  const refresh = useCallback(async (): Promise<void> => {
    setRefreshStatus('pending');
    const next = await refreshAccessToken();
    if (next) {
      setRefreshStatus('idle');
    } else {
      setRefreshStatus('failed');
      clearAll();
    }
  }, []);

  const setToken = useCallback((accessToken: string): void => {
    const previous = decodeClaims(getToken());
    const next = decodeClaims(accessToken);
    if (!previous || !next || previous.sub !== next.sub || previous.sid !== next.sid) {
      resetSessionCache();
    }
    setForbidden(false);
    setRefreshStatus('idle');
    storeToken(accessToken);
  }, []);

  const logout = useCallback(async (): Promise<void> => {
    // Until the app is on /login the guard must not redirect the page being left.
    setSigningOut(true);
    try {
      await api.post('auth/logout');
    } catch (error) {
      // The person asked to leave: end the session here even if the server could not be told.
      if (!isAlreadyLoggedOut(error)) notifyError(message('someError'), { id: 'logout-error' });
    }
    clearAll();
    await navigateTo('/login');
  }, []);

  // Router location updates are transitions, so the guard (not this callback) says when /login is
  // on screen and the hold can end.
  const endSignOut = useCallback(() => setSigningOut(false), []);

  const session = useMemo<Session>(() => {
    const data = current?.data ?? null;
    return {
      status: token ? (current?.status ?? 'idle') : 'anonymous',
      token,
      claims,
      user: data?.user ?? null,
      account: data?.account ?? null,
      settings: data?.settings ?? {},
      subscription: data?.subscription ?? null,
      balance: data?.balance ?? null,
      refreshStatus,
      signingOut,
      endSignOut,
      setToken,
      load,
      refresh,
      reload,
      logout,
    };
  }, [
    token,
    claims,
    current,
    refreshStatus,
    signingOut,
    endSignOut,
    setToken,
    load,
    refresh,
    reload,
    logout,
  ]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
