import { LIMITS, MESSAGES, type AccountType, type Role } from '@sapa/contracts';
import { isExpired, type TokenClaims } from '../lib/jwt';
import type { RouteMeta } from './routeMeta';

/** Where the app is going: the matched route plus the concrete location. */
export interface GuardTarget {
  meta: RouteMeta;
  pathname: string;
  search: string;
  hash: string;
  params: Readonly<Record<string, string | undefined>>;
}

/** idle: nothing loaded; partial: only the user (a 2FA-pending token may read nothing else). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'partial' | 'error';
export type RefreshStatus = 'idle' | 'pending' | 'failed';

/** The part of the session the guard reads. */
export interface GuardSession {
  token: string | null;
  claims: TokenClaims | null;
  loadStatus: LoadStatus;
  refreshStatus: RefreshStatus;
  user: { role: Role; isTwoFactorAuthenticationEnabled: boolean } | null;
  accountType: AccountType | null;
  /** null while unknown (not loaded). */
  settings: Readonly<Record<string, string | null>> | null;
  /** `graceEndsAt`: when the account expires (the due date plus `payment_tolerant_in_day`). */
  subscription: { dueDate: string | null; graceEndsAt?: string | null } | null;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; error?: string }
  /** Rule 3: the token is valid but user, balance, settings and subscription are not loaded. */
  | { type: 'load' }
  /** Rule 3: the token has expired and a refresh has not settled yet. */
  | { type: 'refresh' };

export const RENEWAL_WINDOW_MS = LIMITS.renewalWindowDays * 24 * 60 * 60 * 1000;

const ALLOW: GuardDecision = { type: 'allow' };
const EXPIRY_PAGES = ['/renewal', '/subscription-expired'];

function redirect(to: string, error?: string): GuardDecision {
  return error === undefined ? { type: 'redirect', to } : { type: 'redirect', to, error };
}

function loginUrl(target: GuardTarget): string {
  const query = new URLSearchParams({ from: `${target.pathname}${target.search}` });
  if (target.params.id) query.set('content', target.params.id);
  return `/login?${query.toString()}`;
}

/** The login page's `from=`, if it is a path inside this app; else home. */
function returnPath(search: string): string {
  const from = new URLSearchParams(search).get('from');
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from.startsWith('/login') ? '/' : from;
}

function twoFactorPending(session: GuardSession, claims: TokenClaims): boolean {
  return (
    session.user?.isTwoFactorAuthenticationEnabled === true && !claims.isTwoFactorAuthenticated
  );
}

function isApiOnly(session: Pick<GuardSession, 'accountType' | 'settings'>): boolean {
  return session.accountType === 'api_only' || session.settings?.['bo.api_only'] === 'true';
}

/** Who is looking, as far as rules 5 and 7 care: the role and whether the account is API-only. */
export interface Viewer {
  role: Role;
  apiOnly: boolean;
}

export function viewerOf(
  session: Pick<GuardSession, 'user' | 'claims' | 'accountType' | 'settings'>,
): Viewer | null {
  const role = session.user?.role ?? session.claims?.role;
  return role ? { role, apiOnly: isApiOnly(session) } : null;
}

/** Rule 5: the roles a route admits (spec §6). */
function roleMayOpen(meta: Pick<RouteMeta, 'roles'>, role: Role): boolean {
  return meta.roles.includes(role);
}

/** Rule 7: an API-only account opens only routes flagged apiOnlyAllowed. */
function accountMayOpen(meta: Pick<RouteMeta, 'apiOnlyAllowed'>, apiOnly: boolean): boolean {
  return !apiOnly || meta.apiOnlyAllowed;
}

/**
 * Rules 5 and 7 together: whether this viewer gets past them to the route. Menus and links ask
 * this too, so nothing the app offers a person ends on /unauthorized.
 */
export function mayOpen(
  meta: Pick<RouteMeta, 'roles' | 'apiOnlyAllowed'>,
  viewer: Viewer,
): boolean {
  return roleMayOpen(meta, viewer.role) && accountMayOpen(meta, viewer.apiOnly);
}

/** Due date in ms, or null when there is none (or it cannot be read). */
function dueDateMs(session: GuardSession): number | null {
  const raw = session.subscription?.dueDate ?? session.settings?.['bo.due_date'] ?? null;
  if (!raw) return null;
  const ms = new Date(raw).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * When the account expires: the server's `graceEndsAt` (the due date plus the account's
 * `payment_tolerant_in_day`), so the app closes exactly when the server stops sending; the due
 * date itself when the server did not say.
 */
function expiresAtMs(session: GuardSession, due: number): number {
  const raw = session.subscription?.graceEndsAt;
  const ms = raw ? new Date(raw).getTime() : NaN;
  return Number.isNaN(ms) ? due : Math.max(ms, due);
}

/**
 * Spec §2 "Route guard order", rules 1–10, in that order. Pure: the caller performs the `load`
 * and `refresh` steps and asks again with the new session.
 */
export function guard(target: GuardTarget, session: GuardSession, now: number): GuardDecision {
  const { meta } = target;

  // 1. A path containing a hash is rewritten without it (old `/#/chat` links keep working).
  if (target.hash) {
    return redirect(
      target.hash.startsWith('#/') ? target.hash.slice(1) : `${target.pathname}${target.search}`,
    );
  }

  // 2. CSAT routes need the setting on. Unknown settings are decided after rule 3 loads them.
  if (meta.requireCsat && session.settings && session.settings['bo.isCsat'] !== 'true') {
    return redirect('/', MESSAGES.csatDisabled);
  }

  const claims = session.token ? session.claims : null;
  const tokenValid = claims !== null && !isExpired(claims, now);

  // 3. With a token on a signed-in route or the login pages: refresh if expired, else load.
  if (session.token && (!meta.public || meta.entry)) {
    if (!tokenValid) {
      if (session.refreshStatus !== 'failed') return { type: 'refresh' };
      return meta.entry === 'login' ? ALLOW : redirect('/login');
    }
    if (session.loadStatus === 'error') return redirect('/internal-server-error');
    if (session.loadStatus !== 'ready' && session.loadStatus !== 'partial') return { type: 'load' };
    // Signed in already: continue where the sign-in was meant to lead (later rules apply there).
    if (meta.entry === 'login') return redirect(returnPath(target.search));
  }

  if (meta.public && !meta.entry) return ALLOW;

  // 4. No valid token: sign in first, then come back.
  if (!tokenValid) {
    if (meta.entry === 'login') return ALLOW;
    if (meta.entry === 'twoFactor') return redirect('/login');
    return redirect(loginUrl(target));
  }

  // The 2FA step is only for a token still waiting for its code.
  if (meta.entry === 'twoFactor') return twoFactorPending(session, claims) ? ALLOW : redirect('/');

  // 5. Role.
  const role = session.user?.role ?? claims.role;
  if (!roleMayOpen(meta, role)) return redirect('/unauthorized');

  // 6. 2FA enabled but this token has not been verified.
  if (twoFactorPending(session, claims)) return redirect('/login/2fa');

  // 7. API-only accounts.
  if (!accountMayOpen(meta, isApiOnly(session))) return redirect('/unauthorized');

  // 8. A plan must be chosen first; once it is, the plan picker is closed.
  const due = dueDateMs(session);
  if (due === null) return meta.path === '/user-plan' ? ALLOW : redirect('/user-plan?step=1');
  if (meta.path === '/user-plan') return redirect('/');

  // 9. Expired (from the due date, or the end of its grace, on): only renewal and the notice.
  const expired = now >= expiresAtMs(session, due);
  if (expired && !EXPIRY_PAGES.includes(meta.path)) return redirect('/subscription-expired');

  // 10. Renewal opens 7 days before the due date; the expiry notice only once expired.
  if (meta.path === '/renewal' && due - now > RENEWAL_WINDOW_MS) return redirect('/');
  if (meta.path === '/subscription-expired' && !expired) return redirect('/');

  return ALLOW;
}
