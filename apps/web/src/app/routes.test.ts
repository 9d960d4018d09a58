import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes';

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
const paths = (filter: (r: (typeof ROUTES)[number]) => boolean) =>
  ROUTES.filter(filter)
    .map((r) => r.path)
    .sort();

const AUTH = ['/login', '/login/2fa', '/forgot', '/reset-password', '/register'];
const ADMIN = [
  '/',
  '/broadcast',
  '/broadcast/new',
  '/broadcast/result/:id',
  '/broadcast/template',
  '/broadcast/template/new',
  '/broadcast/template/:id',
  '/ticket',
  '/contact',
  '/chat',
  '/contact/group',
  '/report',
  // Issue 18: the report's tabs; the CSAT tab needs CSAT on (requireCsat).
  '/report/:tab',
  '/report/csat',
  '/setting',
  '/top-up',
  '/setting/agent-settings',
  // Issue 4: label and quick-reply management ("in settings"); the spec shows no settings bodies.
  '/setting/labels',
  '/setting/quick-replies',
  // Issue 5: routing, working hours, greeting and who is online.
  '/setting/routing',
  // Issue 16: invoices and billing details.
  '/setting/billing',
  // Issue 19: API keys and switches.
  '/setting/api',
  // Issue 19: outbound webhooks.
  '/setting/webhooks',
  '/user-edit',
];
const INTEGRATION = [
  '/integration',
  '/integration/service',
  '/integration/whatsapp',
  '/integration/whatsapp-basic',
  '/integration/whatsapp-basic/detail',
  '/integration/instagram',
  '/integration/facebook-messenger',
  '/integration/responder',
  '/integration/setting/responder',
  '/integration/ai',
  '/integration/ai/:id',
];
const DEFAULT = [
  '/users/register_confirmation',
  '/email-verify',
  '/legal-privacy',
  '/setting/billing-invoice/:id',
  '/user-plan',
  '/ux-design',
  '/subscription-expired',
  '/renewal',
];

describe('route table (spec §2)', () => {
  it('has every route once, in its layout', () => {
    expect(ROUTES).toHaveLength(byPath.size);
    expect(paths((r) => r.layout === 'auth')).toEqual([...AUTH].sort());
    expect(paths((r) => r.layout === 'admin')).toEqual([...ADMIN].sort());
    expect(paths((r) => r.layout === 'integration')).toEqual([...INTEGRATION].sort());
    expect(paths((r) => r.layout === 'default')).toEqual([...DEFAULT].sort());
    expect(paths((r) => r.layout === 'blank')).toEqual(
      // Issue 18: the public satisfaction survey draws its own frame.
      ['*', '/csat/:token', '/internal-server-error', '/unauthorized'].sort(),
    );
  });

  it('marks exactly the unauthenticated pages public', () => {
    expect(paths((r) => r.public)).toEqual(
      [
        ...AUTH,
        '/users/register_confirmation',
        '/email-verify',
        '/legal-privacy',
        '/unauthorized',
        '/internal-server-error',
        '/csat/:token',
        '*',
      ].sort(),
    );
    expect(byPath.get('/login')?.entry).toBe('login');
    expect(byPath.get('/login/2fa')?.entry).toBe('twoFactor');
  });

  it('flags agent routes as the spec does', () => {
    expect(paths((r) => r.layout === 'admin' && r.allowAgent)).toEqual(
      [
        '/',
        '/broadcast',
        '/broadcast/new',
        '/broadcast/result/:id',
        '/ticket',
        '/contact',
        '/chat',
        '/user-edit',
      ].sort(),
    );
    expect(paths((r) => r.layout === 'integration' && r.allowAgent)).toEqual([]);
  });

  it('flags api-only routes as the spec does', () => {
    expect(paths((r) => r.layout === 'admin' && r.apiOnlyAllowed)).toEqual(
      [
        '/',
        '/broadcast/template',
        '/broadcast/template/new',
        '/broadcast/template/:id',
        '/report',
        '/report/:tab',
        '/report/csat',
        '/setting',
        // Issue 16: an API-only account pays, so it gets its invoices.
        '/setting/billing',
        // Issue 19: the API page is what an API-only account is for.
        '/setting/api',
        // Issue 19: webhooks are how an API-only account hears about its messages.
        '/setting/webhooks',
        '/top-up',
      ].sort(),
    );
    expect(ROUTES.filter((r) => r.layout === 'integration').every((r) => r.apiOnlyAllowed)).toBe(
      true,
    );
  });

  it('needs CSAT on for the CSAT report only', () => {
    expect(paths((r) => r.requireCsat)).toEqual(['/report/csat']);
  });

  it('is full width where the spec says', () => {
    expect(paths((r) => r.layout === 'admin' && !r.full)).toEqual(['/user-edit']);
    expect(ROUTES.filter((r) => r.layout === 'integration').every((r) => r.full)).toBe(true);
    expect(byPath.get('/setting/billing-invoice/:id')?.full).toBe(true);
  });

  it('gives roles per spec §6', () => {
    for (const r of ROUTES) {
      expect(r.roles).toContain('admin');
      expect(r.roles.includes('supervisor')).toBe(!r.path.startsWith('/integration'));
      expect(r.roles.includes('agent')).toBe(r.allowAgent);
    }
  });

  it('lets every role reach the plan, renewal and expiry pages the guard sends them to', () => {
    for (const path of ['/user-plan', '/renewal', '/subscription-expired']) {
      expect(byPath.get(path)).toMatchObject({ allowAgent: true, apiOnlyAllowed: true });
    }
  });
});
