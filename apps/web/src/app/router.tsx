import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { buildRouteObjects } from './routeObjects';
import { ROUTES } from './routes';

export const router = createBrowserRouter([
  // The operator console: its own small app with its own session (never the tenant shell or its
  // guards), in a chunk of its own so tenants' pages do not grow.
  {
    path: '/ops/*',
    lazy: async () => ({ Component: (await import('../features/ops/OpsApp')).OpsApp }),
  },
  ...buildRouteObjects(ROUTES),
]);

// The HTTP client sends an expired session to /login without a full page reload.
setNavigator((to) => router.navigate(to));
