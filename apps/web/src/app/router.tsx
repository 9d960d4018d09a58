import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { buildRouteObjects } from './routeObjects';
import { ROUTES } from './routes';

export const router = createBrowserRouter(buildRouteObjects(ROUTES));

// The HTTP client sends an expired session to /login without a full page reload.
setNavigator((to) => router.navigate(to));
