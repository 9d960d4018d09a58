import { lazy, type ComponentType, type ReactNode } from 'react';
import { loadFeatureLocales } from '../../lib/i18n';
import type { LayoutName, RouteMeta } from '../routeMeta';
import { AuthLayout } from './AuthLayout';
import { BlankLayout } from './BlankLayout';

type LayoutComponent = ComponentType<{ meta: RouteMeta; children: ReactNode }>;

/** A layout's code and the feature screens' strings, fetched side by side. */
async function withFeatureLocales<T>(code: Promise<T>): Promise<T> {
  const [module] = await Promise.all([code, loadFeatureLocales()]);
  return module;
}

// The signed-in shells (side menu, header, the realtime socket) and the feature screens' strings
// are fetched when first needed, so the sign-in pages and error pages load without them.
const LOADERS = {
  admin: () =>
    withFeatureLocales(import('./AdminLayout')).then((m) => {
      // The integration pages are one menu click away: their frame should not blink in.
      void import('./IntegrationLayout').catch(() => undefined);
      return { default: m.AdminLayout };
    }),
  integration: () =>
    withFeatureLocales(import('./IntegrationLayout')).then((m) => ({
      default: m.IntegrationLayout,
    })),
  default: () =>
    withFeatureLocales(import('./DefaultLayout')).then((m) => ({ default: m.DefaultLayout })),
} satisfies Partial<Record<LayoutName, () => Promise<{ default: LayoutComponent }>>>;

export const LAYOUTS: Record<LayoutName, LayoutComponent> = {
  auth: AuthLayout,
  blank: BlankLayout,
  admin: lazy(LOADERS.admin),
  integration: lazy(LOADERS.integration),
  default: lazy(LOADERS.default),
};

/**
 * Starts downloading a layout's code before it renders (while the account loads, say), so the
 * shell and the page do not wait on each other in turn.
 */
export function preloadLayout(name: LayoutName): void {
  if (name in LOADERS) void LOADERS[name as keyof typeof LOADERS]().catch(() => undefined);
}
