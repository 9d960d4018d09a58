import type { ComponentType, ReactNode } from 'react';
import type { LayoutName, RouteMeta } from '../routeMeta';
import { AdminLayout } from './AdminLayout';
import { AuthLayout } from './AuthLayout';
import { BlankLayout } from './BlankLayout';
import { DefaultLayout } from './DefaultLayout';
import { IntegrationLayout } from './IntegrationLayout';

export const LAYOUTS: Record<
  LayoutName,
  ComponentType<{ meta: RouteMeta; children: ReactNode }>
> = {
  auth: AuthLayout,
  admin: AdminLayout,
  integration: IntegrationLayout,
  blank: BlankLayout,
  default: DefaultLayout,
};
