import type { RouteObject } from 'react-router';
import { GuardedLayout, type RouteHandle } from './GuardedLayout';
import type { LayoutName } from './routeMeta';
import { preloadOf, type AppRoute } from './routes';
import { RouteErrorPage } from './pages/RouteErrorPage';

const LAYOUT_ORDER: readonly LayoutName[] = ['auth', 'admin', 'integration', 'default', 'blank'];

function leaf(route: AppRoute): RouteObject {
  const Page = route.component;
  const handle: RouteHandle = { meta: route, preload: preloadOf(Page) };
  return { path: route.path, element: <Page />, handle };
}

/** One pathless parent per layout, so a layout stays mounted across its pages. */
export function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorPage />,
      children: LAYOUT_ORDER.map((layout) => ({
        element: <GuardedLayout />,
        children: routes.filter((r) => r.layout === layout).map(leaf),
      })),
    },
  ];
}
