import type { Role } from '@sapa/contracts';

export type LayoutName = 'auth' | 'admin' | 'integration' | 'blank' | 'default';

/** Public pages the guard still looks at: the sign-in page and its 2FA step. */
export type EntryPage = 'login' | 'twoFactor';

/** Everything the guard and the layouts need to know about a route (spec §2). */
export interface RouteMeta {
  /** Stable identifier, also used for test ids and analytics. */
  name: string;
  /** React Router pattern, e.g. `/broadcast/result/:id`. */
  path: string;
  layout: LayoutName;
  allowAgent: boolean;
  apiOnlyAllowed: boolean;
  requireCsat: boolean;
  /** Full-width content (no centred max width). */
  full: boolean;
  /** Reachable without signing in. */
  public: boolean;
  /** Roles that may open the route (spec §6), derived from allowAgent and the path. */
  roles: readonly Role[];
  entry?: EntryPage;
}

export type RouteFlags = Partial<
  Pick<RouteMeta, 'allowAgent' | 'apiOnlyAllowed' | 'requireCsat' | 'full' | 'public' | 'entry'>
>;

/**
 * Spec §6: admin opens every page; supervisor every page except /integration*; agent only
 * routes flagged allowAgent.
 */
export function rolesFor(path: string, allowAgent: boolean): Role[] {
  const roles: Role[] = ['admin'];
  if (!path.startsWith('/integration')) roles.push('supervisor');
  if (allowAgent) roles.push('agent');
  return roles;
}

export function defineMeta(
  name: string,
  path: string,
  layout: LayoutName,
  flags: RouteFlags = {},
): RouteMeta {
  const allowAgent = flags.allowAgent ?? false;
  return {
    name,
    path,
    layout,
    allowAgent,
    apiOnlyAllowed: flags.apiOnlyAllowed ?? false,
    requireCsat: flags.requireCsat ?? false,
    full: flags.full ?? false,
    public: flags.public ?? false,
    roles: rolesFor(path, allowAgent),
    ...(flags.entry ? { entry: flags.entry } : {}),
  };
}
