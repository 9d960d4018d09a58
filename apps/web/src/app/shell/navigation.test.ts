import { describe, expect, it } from 'vitest';
import { ROLES } from '@sapa/contracts';
import { guard, type GuardSession, type Viewer } from '../guard';
import type { RouteMeta } from '../routeMeta';
import { ROUTES } from '../routes';
import { menuFor } from './menus';
import { PAGE_LINKS } from './sitemap';

// The guard and the menus must agree (issue 15 item 13): for every kind of person, every menu
// item opens (no /unauthorized), and every page that person may open can be found by following
// the menu and the links on the pages it leads to.

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

const VIEWERS: Viewer[] = ROLES.flatMap((role) => [
  { role, apiOnly: false },
  { role, apiOnly: true },
]);
const label = (v: Viewer) => `${v.role}${v.apiOnly ? ' (API-only account)' : ''}`;

/** Signed in, loaded, 2FA off, a plan due in 30 days: nothing but rules 5 and 7 can refuse. */
function sessionOf(viewer: Viewer): GuardSession {
  return {
    token: 'token',
    claims: {
      sub: 'u1',
      acc: 'a1',
      sid: 's1',
      role: viewer.role,
      isTwoFactorAuthenticated: false,
      iat: NOW / 1000 - 60,
      exp: NOW / 1000 + 3600,
    },
    loadStatus: 'ready',
    refreshStatus: 'idle',
    user: { role: viewer.role, isTwoFactorAuthenticationEnabled: false },
    accountType: viewer.apiOnly ? 'api_only' : 'regular',
    settings: { 'bo.isCsat': 'true' },
    subscription: { dueDate: new Date(NOW + 30 * DAY).toISOString() },
  };
}

function opens(meta: RouteMeta, viewer: Viewer): boolean {
  const target = { meta, pathname: meta.path, search: '', hash: '', params: {} };
  return guard(target, sessionOf(viewer), NOW).type === 'allow';
}

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
const byName = new Map(ROUTES.map((r) => [r.name, r]));

/** One record's page (`/broadcast/result/:id`, `…/detail`): reached from its list, not a menu. */
const isDetail = (meta: RouteMeta) => meta.path.includes(':') || meta.path.endsWith('/detail');
/** The design gallery is a reference for people building Sapa, not a page of the product. */
const INTERNAL = new Set(['uxDesign']);

describe('side menus agree with the guard', () => {
  for (const viewer of VIEWERS) {
    it(`every menu item opens for ${label(viewer)}`, () => {
      const refused = menuFor(viewer)
        .filter((item) => item.to !== undefined)
        .filter((item) => {
          const meta = byPath.get(item.to ?? '');
          return !meta || !opens(meta, viewer);
        })
        .map((item) => item.name);
      expect(refused).toEqual([]);
    });

    it(`every page ${label(viewer)} may open can be reached from the menu`, () => {
      const reached = new Set<string>();
      const queue = menuFor(viewer).flatMap((item) => {
        const meta = item.to ? byPath.get(item.to) : undefined;
        return meta ? [meta.name] : [];
      });
      while (queue.length > 0) {
        const name = queue.shift() ?? '';
        const meta = byName.get(name);
        if (reached.has(name) || !meta || !opens(meta, viewer)) continue;
        reached.add(name);
        queue.push(...(PAGE_LINKS[name] ?? []));
      }
      const pages = ROUTES.filter(
        (r) => !r.public && !isDetail(r) && !INTERNAL.has(r.name) && opens(r, viewer),
      );
      expect(pages.filter((r) => !reached.has(r.name)).map((r) => r.path)).toEqual([]);
    });
  }

  it('names only routes that exist in the site map', () => {
    for (const [from, targets] of Object.entries(PAGE_LINKS)) {
      expect(byName.has(from), from).toBe(true);
      for (const target of targets) expect(byName.has(target), `${from} → ${target}`).toBe(true);
    }
  });
});

describe('the first hour of a new business', () => {
  it('shows its only user, an admin, the way into the inbox and the other work pages', () => {
    const names = menuFor({ role: 'admin', apiOnly: false }).map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['chat', 'broadcast', 'template', 'ticket', 'contact', 'report']),
    );
  });
});
