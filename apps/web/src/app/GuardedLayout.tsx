import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/messages';
import { notifyError } from '../lib/notify';
import { guard } from './guard';
import { LAYOUTS, preloadLayout } from './layouts';
import type { RouteMeta } from './routeMeta';
import { toGuardSession, useSession } from './session';
import { FullPageLoader, PageLoader } from './shell/FullPageLoader';

export interface RouteHandle {
  meta: RouteMeta;
  /** Starts fetching the page's code (code-split pages). */
  preload?: () => Promise<unknown>;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/**
 * Runs the guard for the matched route, performs its load/refresh steps, and only then draws
 * the layout, so nobody sees a shell they may not open. The layout stays mounted while moving
 * between pages of the same layout.
 */
export function GuardedLayout() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const location = useLocation();
  const params = useParams();
  const session = useSession();
  const handle = matches[matches.length - 1]?.handle;
  if (!isRouteHandle(handle)) throw new Error('Route is missing its meta handle');
  const { meta, preload } = handle;

  // While logging out the session empties before the app reaches /login; hold still meanwhile.
  const holding = session.signingOut && meta.entry !== 'login';
  const decision = holding
    ? null
    : guard(
        { meta, pathname: location.pathname, search: location.search, hash: location.hash, params },
        toGuardSession(session),
        Date.now(),
      );

  const { signingOut, endSignOut } = session;
  const onLogin = meta.entry === 'login';
  useEffect(() => {
    if (signingOut && onLogin) endSignOut();
  }, [signingOut, onLogin, endSignOut]);

  const step = decision?.type;
  const { load, refresh } = session;
  useEffect(() => {
    if (step === 'load') void load();
    else if (step === 'refresh') void refresh();
  }, [step, load, refresh]);

  // While the account loads, fetch the layout's and the page's code alongside it rather than
  // after it (and the page's only after the layout's).
  const layout = meta.layout;
  useEffect(() => {
    if (step !== 'load' && step !== 'refresh') return;
    preloadLayout(layout);
    void preload?.().catch(() => undefined);
  }, [step, layout, preload]);

  const error = decision?.type === 'redirect' ? decision.error : undefined;
  useEffect(() => {
    // The id keeps one toast when strict mode or a re-render repeats the redirect.
    if (error) notifyError(translateMessage(error), { id: `guard:${error}` });
  }, [error]);

  if (!decision) return <FullPageLoader label={t('status.signingOut')} />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type !== 'allow') return <FullPageLoader />;

  const Layout = LAYOUTS[meta.layout];
  return (
    // The signed-in layouts are code-split: the first page of one waits for it here.
    <Suspense fallback={<FullPageLoader />}>
      <Layout meta={meta}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Layout>
    </Suspense>
  );
}
