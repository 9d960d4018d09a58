import { createContext, useContext } from 'react';
import type { SubscriptionInfo, User } from '@sapa/contracts';
import type { TokenClaims } from '../../lib/jwt';
import type { AccountInfo, Balance, SettingsMap } from '../../lib/storage';
import type { GuardSession, LoadStatus, RefreshStatus } from '../guard';

/** 'anonymous' without a token; otherwise how far loading the account has come. */
export type SessionStatus = 'anonymous' | LoadStatus;

export interface Session {
  status: SessionStatus;
  token: string | null;
  claims: TokenClaims | null;
  user: User | null;
  account: AccountInfo | null;
  /** Settings by key; empty until loaded. */
  settings: SettingsMap;
  subscription: SubscriptionInfo | null;
  balance: Balance | null;
  refreshStatus: RefreshStatus;
  /** True from a logout request until the app is on /login. */
  signingOut: boolean;
  /** Called by the guard once /login is showing after a logout. */
  endSignOut: () => void;
  /** Store a token from login / 2FA; the account is then loaded by the guard. */
  setToken: (accessToken: string) => void;
  /** Guard step (rule 3): load the account for the current token. */
  load: () => Promise<void>;
  /** Guard step (rule 3): refresh an expired token. */
  refresh: () => Promise<void>;
  /** Refetch user, settings, balance and subscription (after changing any of them). */
  reload: () => Promise<void>;
  /** Spec §4 logout: server, token, stores, socket, caches, analytics, then /login. */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** One setting's value (null when unset or not loaded). */
export function useSetting(key: string): string | null {
  return useSession().settings[key] ?? null;
}

export function toGuardSession(session: Session): GuardSession {
  const loaded = session.status === 'ready' || session.status === 'partial';
  return {
    token: session.token,
    claims: session.claims,
    loadStatus: session.status === 'anonymous' ? 'idle' : session.status,
    refreshStatus: session.refreshStatus,
    user: session.user,
    accountType: session.account?.type ?? null,
    settings: session.status === 'ready' ? session.settings : null,
    subscription: loaded ? session.subscription : null,
  };
}
