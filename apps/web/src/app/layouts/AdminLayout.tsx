import type { ReactNode } from 'react';
import type { RouteMeta } from '../routeMeta';
import { AdminShell } from './AdminShell';

export function AdminLayout({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  return <AdminShell meta={meta}>{children}</AdminShell>;
}
