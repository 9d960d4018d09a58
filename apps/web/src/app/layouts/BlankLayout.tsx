import type { ReactNode } from 'react';
import type { RouteMeta } from '../routeMeta';

/** No chrome at all: error pages and anything that draws its own frame. */
export function BlankLayout({ children }: { meta: RouteMeta; children: ReactNode }) {
  return <>{children}</>;
}
