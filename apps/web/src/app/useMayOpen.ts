import { useCallback } from 'react';
import { matchPath } from 'react-router';
import { mayOpen, viewerOf, type Viewer } from './guard';
import { ROUTES, type AppRoute } from './routes';
import { useSession, type Session } from './session';

/** The route a link leads to: its own path first, then a pattern (`/broadcast/result/:id`). */
export function routeAt(to: string): AppRoute | undefined {
  const pathname = to.split(/[?#]/)[0] ?? to;
  const signedIn = ROUTES.filter((r) => !r.public);
  return (
    signedIn.find((r) => r.path === pathname) ??
    signedIn.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null)
  );
}

/** The guard's view of who is signed in (role, API-only), read straight from the session. */
export function viewerOfSession(
  session: Pick<Session, 'user' | 'claims' | 'account' | 'settings'>,
): Viewer | null {
  const { user, claims, account, settings } = session;
  return viewerOf({ user, claims, accountType: account?.type ?? null, settings });
}

/**
 * Whether the signed-in person gets past the guard's role and account rules to `to`: pages show
 * a link only when it would not end on /unauthorized.
 */
export function useMayOpen(): (to: string) => boolean {
  const viewer = viewerOfSession(useSession());
  const role = viewer?.role;
  const apiOnly = viewer?.apiOnly ?? false;
  return useCallback(
    (to: string) => {
      const route = routeAt(to);
      return route !== undefined && role !== undefined && mayOpen(route, { role, apiOnly });
    },
    [role, apiOnly],
  );
}
