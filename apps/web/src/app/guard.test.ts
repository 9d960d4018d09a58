import { describe, expect, it } from 'vitest';
import type { Role } from '@sapa/contracts';
import { guard, RENEWAL_WINDOW_MS, type GuardSession, type GuardTarget } from './guard';
import { defineMeta, type RouteMeta } from './routeMeta';
import type { TokenClaims } from '../lib/jwt';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

// Routes as spec §2 flags them (the real table is checked against the spec in routes.test.ts).
const R = {
  home: defineMeta('home', '/', 'admin', { allowAgent: true, apiOnlyAllowed: true, full: true }),
  chat: defineMeta('chat', '/chat', 'admin', { allowAgent: true, full: true }),
  broadcast: defineMeta('broadcast', '/broadcast', 'admin', { allowAgent: true, full: true }),
  broadcastResult: defineMeta('broadcastResult', '/broadcast/result/:id', 'admin', {
    allowAgent: true,
    full: true,
  }),
  template: defineMeta('template', '/broadcast/template', 'admin', {
    apiOnlyAllowed: true,
    full: true,
  }),
  contactGroup: defineMeta('contactGroup', '/contact/group', 'admin', { full: true }),
  setting: defineMeta('setting', '/setting', 'admin', { apiOnlyAllowed: true, full: true }),
  integration: defineMeta('integration', '/integration', 'integration', {
    apiOnlyAllowed: true,
    full: true,
  }),
  csatReport: defineMeta('csatReport', '/report/csat', 'admin', {
    requireCsat: true,
    apiOnlyAllowed: true,
  }),
  login: defineMeta('login', '/login', 'auth', { public: true, entry: 'login' }),
  twoFactor: defineMeta('twoFactor', '/login/2fa', 'auth', { public: true, entry: 'twoFactor' }),
  forgot: defineMeta('forgot', '/forgot', 'auth', { public: true }),
  unauthorized: defineMeta('unauthorized', '/unauthorized', 'blank', { public: true }),
  userPlan: defineMeta('userPlan', '/user-plan', 'default', {
    allowAgent: true,
    apiOnlyAllowed: true,
  }),
  renewal: defineMeta('renewal', '/renewal', 'default', { allowAgent: true, apiOnlyAllowed: true }),
  expired: defineMeta('expired', '/subscription-expired', 'default', {
    allowAgent: true,
    apiOnlyAllowed: true,
  }),
} satisfies Record<string, RouteMeta>;

function at(
  meta: RouteMeta,
  location: { pathname?: string; search?: string; hash?: string; id?: string } = {},
): GuardTarget {
  return {
    meta,
    pathname: location.pathname ?? meta.path,
    search: location.search ?? '',
    hash: location.hash ?? '',
    params: location.id ? { id: location.id } : {},
  };
}

function claims(overrides: Partial<TokenClaims> = {}): TokenClaims {
  return {
    sub: 'u1',
    acc: 'a1',
    sid: 's1',
    role: 'admin',
    isTwoFactorAuthenticated: false,
    iat: NOW / 1000 - 60,
    exp: NOW / 1000 + 3600,
    ...overrides,
  };
}

/** A signed-in, fully loaded admin with an active plan due in 30 days. */
function session(
  overrides: Partial<GuardSession> & { role?: Role; twoFactorEnabled?: boolean } = {},
): GuardSession {
  const { role = 'admin', twoFactorEnabled = false, ...rest } = overrides;
  return {
    token: 'token',
    claims: claims({ role }),
    loadStatus: 'ready',
    refreshStatus: 'idle',
    user: { role, isTwoFactorAuthenticationEnabled: twoFactorEnabled },
    accountType: 'regular',
    settings: { 'bo.isCsat': 'true' },
    subscription: { dueDate: new Date(NOW + 30 * DAY).toISOString() },
    ...rest,
  };
}

const anonymous: GuardSession = {
  token: null,
  claims: null,
  loadStatus: 'idle',
  refreshStatus: 'idle',
  user: null,
  accountType: null,
  settings: null,
  subscription: null,
};

const allow = { type: 'allow' };
const to = (path: string) => ({ type: 'redirect', to: path });

describe('baseline', () => {
  it('lets a loaded admin with an active plan open an admin page', () => {
    expect(guard(at(R.setting), session(), NOW)).toEqual(allow);
  });
});

describe('rule 1: hash rewrite', () => {
  it('turns an old hash route into a path', () => {
    expect(guard(at(R.home, { pathname: '/', hash: '#/chat' }), session(), NOW)).toEqual(
      to('/chat'),
    );
  });

  it('drops any other hash but keeps the query', () => {
    expect(guard(at(R.setting, { search: '?tab=webhook', hash: '#top' }), session(), NOW)).toEqual(
      to('/setting?tab=webhook'),
    );
  });

  it('comes before everything else', () => {
    expect(guard(at(R.csatReport, { hash: '#x' }), anonymous, NOW)).toEqual(to('/report/csat'));
  });
});

describe('rule 2: CSAT', () => {
  const csatOff = { settings: { 'bo.isCsat': 'false' } };

  it("redirects to / with the spec's error when the setting is off", () => {
    expect(guard(at(R.csatReport), session(csatOff), NOW)).toEqual({
      type: 'redirect',
      to: '/',
      error: 'Customer Satisfaction feature is not enabled',
    });
  });

  it("reads the setting as the string 'true' only", () => {
    expect(guard(at(R.csatReport), session({ settings: {} }), NOW)).toMatchObject(to('/'));
    expect(guard(at(R.csatReport), session(), NOW)).toEqual(allow);
  });

  it('loads the settings first when they are not known yet', () => {
    expect(guard(at(R.csatReport), session({ settings: null, loadStatus: 'idle' }), NOW)).toEqual({
      type: 'load',
    });
  });

  it('comes before the role rule', () => {
    const agentRoute = defineMeta('x', '/report/csat', 'admin', { requireCsat: true });
    expect(guard(at(agentRoute), session({ ...csatOff, role: 'agent' }), NOW)).toMatchObject(
      to('/'),
    );
  });

  it('does not apply to routes without the flag', () => {
    expect(guard(at(R.setting), session(csatOff), NOW)).toEqual(allow);
  });
});

describe('rule 3: token expiry and loading', () => {
  const expired = { claims: claims({ exp: NOW / 1000 - 1 }) };

  it('asks for a refresh when the token has expired', () => {
    expect(guard(at(R.setting), session(expired), NOW)).toEqual({ type: 'refresh' });
    expect(guard(at(R.setting), session({ ...expired, refreshStatus: 'pending' }), NOW)).toEqual({
      type: 'refresh',
    });
  });

  it('treats the exp second itself as expired', () => {
    expect(guard(at(R.setting), session({ claims: claims({ exp: NOW / 1000 }) }), NOW)).toEqual({
      type: 'refresh',
    });
    expect(
      guard(at(R.setting), session({ claims: claims({ exp: NOW / 1000 + 0.001 }) }), NOW),
    ).toEqual(allow);
  });

  it('treats an unreadable token as expired', () => {
    expect(guard(at(R.setting), session({ claims: null }), NOW)).toEqual({ type: 'refresh' });
  });

  it('goes to /login when the refresh failed', () => {
    expect(guard(at(R.setting), session({ ...expired, refreshStatus: 'failed' }), NOW)).toEqual(
      to('/login'),
    );
  });

  it('checks expiry on the login page too, and stays there when refresh failed', () => {
    expect(guard(at(R.login), session(expired), NOW)).toEqual({ type: 'refresh' });
    expect(guard(at(R.login), session({ ...expired, refreshStatus: 'failed' }), NOW)).toEqual(
      allow,
    );
  });

  it('loads user, balance, settings and subscription for a valid token', () => {
    expect(guard(at(R.setting), session({ loadStatus: 'idle' }), NOW)).toEqual({ type: 'load' });
    expect(guard(at(R.setting), session({ loadStatus: 'loading' }), NOW)).toEqual({
      type: 'load',
    });
  });

  it('goes to /internal-server-error when loading failed', () => {
    expect(guard(at(R.setting), session({ loadStatus: 'error' }), NOW)).toEqual(
      to('/internal-server-error'),
    );
  });

  it('loads first, then sends a signed-in user away from /login', () => {
    expect(guard(at(R.login), session({ loadStatus: 'idle' }), NOW)).toEqual({ type: 'load' });
    expect(guard(at(R.login), session(), NOW)).toEqual(to('/'));
  });

  it('sends a signed-in user on /login on to a safe from=', () => {
    const from = (search: string) => guard(at(R.login, { search }), session(), NOW);
    expect(from('?from=%2Fchat%3Fx%3D1')).toEqual(to('/chat?x=1'));
    // Typed by hand (or kept by an old bookmark) the path is often not encoded.
    expect(from('?from=/chat')).toEqual(to('/chat'));
    expect(from('?from=https%3A%2F%2Fevil.example')).toEqual(to('/'));
    expect(from('?from=%2F%2Fevil.example')).toEqual(to('/'));
    expect(from('?from=%2Flogin')).toEqual(to('/'));
  });

  it('leaves other public pages alone even with a token', () => {
    expect(guard(at(R.forgot), session({ loadStatus: 'idle' }), NOW)).toEqual(allow);
    expect(guard(at(R.unauthorized), session(expired), NOW)).toEqual(allow);
  });

  it('comes before the role rule', () => {
    expect(guard(at(R.integration), session({ ...expired, role: 'agent' }), NOW)).toEqual({
      type: 'refresh',
    });
    expect(guard(at(R.integration), session({ loadStatus: 'error', role: 'agent' }), NOW)).toEqual(
      to('/internal-server-error'),
    );
  });
});

describe('rule 4: no valid token', () => {
  it('goes to /login with from=', () => {
    expect(guard(at(R.broadcast), anonymous, NOW)).toEqual(to('/login?from=%2Fbroadcast'));
  });

  it('adds content= with the id param and keeps the query in from=', () => {
    expect(
      guard(
        at(R.broadcastResult, {
          pathname: '/broadcast/result/b1',
          search: '?tab=failed',
          id: 'b1',
        }),
        anonymous,
        NOW,
      ),
    ).toEqual(to('/login?from=%2Fbroadcast%2Fresult%2Fb1%3Ftab%3Dfailed&content=b1'));
  });

  it('lets anyone open public pages', () => {
    expect(guard(at(R.login), anonymous, NOW)).toEqual(allow);
    expect(guard(at(R.forgot), anonymous, NOW)).toEqual(allow);
    expect(guard(at(R.unauthorized), anonymous, NOW)).toEqual(allow);
  });

  it('sends the 2FA step back to /login without a token', () => {
    expect(guard(at(R.twoFactor), anonymous, NOW)).toEqual(to('/login'));
  });
});

describe('rule 5: role', () => {
  it('keeps agents on allowAgent routes only', () => {
    expect(guard(at(R.chat), session({ role: 'agent' }), NOW)).toEqual(allow);
    expect(guard(at(R.contactGroup), session({ role: 'agent' }), NOW)).toEqual(to('/unauthorized'));
    expect(guard(at(R.setting), session({ role: 'agent' }), NOW)).toEqual(to('/unauthorized'));
  });

  it('keeps supervisors out of /integration only', () => {
    expect(guard(at(R.integration), session({ role: 'supervisor' }), NOW)).toEqual(
      to('/unauthorized'),
    );
    expect(guard(at(R.contactGroup), session({ role: 'supervisor' }), NOW)).toEqual(allow);
    expect(guard(at(R.integration), session({ role: 'admin' }), NOW)).toEqual(allow);
  });

  it("trusts the loaded user's role over the token's", () => {
    const s = session({ role: 'agent', claims: claims({ role: 'admin' }) });
    expect(guard(at(R.contactGroup), s, NOW)).toEqual(to('/unauthorized'));
  });

  it('wins over 2FA', () => {
    const s = session({ role: 'agent', twoFactorEnabled: true });
    expect(guard(at(R.contactGroup), s, NOW)).toEqual(to('/unauthorized'));
  });
});

describe('rule 6: 2FA', () => {
  it('sends an unverified token to /login/2fa when 2FA is on', () => {
    expect(guard(at(R.setting), session({ twoFactorEnabled: true }), NOW)).toEqual(
      to('/login/2fa'),
    );
  });

  it('allows a verified token, and a user without 2FA', () => {
    const verified = session({ twoFactorEnabled: true });
    verified.claims = claims({ isTwoFactorAuthenticated: true });
    expect(guard(at(R.setting), verified, NOW)).toEqual(allow);
    expect(guard(at(R.setting), session({ twoFactorEnabled: false }), NOW)).toEqual(allow);
  });

  it('works with only the user loaded (a pending token may read nothing else)', () => {
    const partial = session({
      twoFactorEnabled: true,
      loadStatus: 'partial',
      settings: null,
      subscription: null,
      accountType: null,
    });
    expect(guard(at(R.setting), partial, NOW)).toEqual(to('/login/2fa'));
    expect(guard(at(R.twoFactor), partial, NOW)).toEqual(allow);
  });

  it('closes the 2FA step when nothing is pending', () => {
    expect(guard(at(R.twoFactor), session(), NOW)).toEqual(to('/'));
  });

  it('loads the user before deciding the 2FA step', () => {
    expect(guard(at(R.twoFactor), session({ loadStatus: 'idle' }), NOW)).toEqual({
      type: 'load',
    });
  });

  it('wins over the API-only rule', () => {
    const s = session({ twoFactorEnabled: true, accountType: 'api_only' });
    expect(guard(at(R.broadcast), s, NOW)).toEqual(to('/login/2fa'));
  });
});

describe('rule 7: API-only accounts', () => {
  it('allows only apiOnlyAllowed routes', () => {
    const s = session({ accountType: 'api_only' });
    expect(guard(at(R.broadcast), s, NOW)).toEqual(to('/unauthorized'));
    expect(guard(at(R.template), s, NOW)).toEqual(allow);
    expect(guard(at(R.home), s, NOW)).toEqual(allow);
  });

  it('also recognises the bo.api_only setting', () => {
    const s = session({ settings: { 'bo.api_only': 'true' } });
    expect(guard(at(R.chat), s, NOW)).toEqual(to('/unauthorized'));
  });

  it('wins over the subscription rules', () => {
    const s = session({ accountType: 'api_only', subscription: { dueDate: null } });
    expect(guard(at(R.broadcast), s, NOW)).toEqual(to('/unauthorized'));
  });
});

describe('rule 8: choosing a plan', () => {
  const noPlan = { subscription: { dueDate: null } };

  it('sends an account without a due date to /user-plan?step=1', () => {
    expect(guard(at(R.home), session(noPlan), NOW)).toEqual(to('/user-plan?step=1'));
    expect(guard(at(R.renewal), session(noPlan), NOW)).toEqual(to('/user-plan?step=1'));
  });

  it('lets it stay on /user-plan', () => {
    expect(guard(at(R.userPlan, { search: '?step=1' }), session(noPlan), NOW)).toEqual(allow);
  });

  it('closes /user-plan once there is a due date, even an expired one', () => {
    expect(guard(at(R.userPlan), session(), NOW)).toEqual(to('/'));
    const expired = session({ subscription: { dueDate: new Date(NOW - DAY).toISOString() } });
    expect(guard(at(R.userPlan), expired, NOW)).toEqual(to('/'));
  });

  it('falls back to the bo.due_date setting', () => {
    const s = session({
      subscription: null,
      settings: { 'bo.due_date': new Date(NOW + DAY).toISOString() },
    });
    expect(guard(at(R.home), s, NOW)).toEqual(allow);
  });
});

describe('rule 9: expired subscription', () => {
  const due = (ms: number) => session({ subscription: { dueDate: new Date(ms).toISOString() } });

  it('sends everything else to /subscription-expired', () => {
    expect(guard(at(R.home), due(NOW - 1), NOW)).toEqual(to('/subscription-expired'));
    expect(guard(at(R.setting), due(NOW - DAY), NOW)).toEqual(to('/subscription-expired'));
  });

  it('is expired from the due-date instant on', () => {
    expect(guard(at(R.home), due(NOW), NOW)).toEqual(to('/subscription-expired'));
    expect(guard(at(R.home), due(NOW + 1), NOW)).toEqual(allow);
  });

  it('waits for the end of the grace the server names (payment_tolerant_in_day)', () => {
    const inGrace = (graceEnd: number) =>
      session({
        subscription: {
          dueDate: new Date(NOW - DAY).toISOString(),
          graceEndsAt: new Date(graceEnd).toISOString(),
        },
      });
    expect(guard(at(R.home), inGrace(NOW + 1), NOW)).toEqual(allow);
    expect(guard(at(R.renewal), inGrace(NOW + 1), NOW)).toEqual(allow);
    expect(guard(at(R.expired), inGrace(NOW + 1), NOW)).toEqual(to('/'));
    expect(guard(at(R.home), inGrace(NOW), NOW)).toEqual(to('/subscription-expired'));
  });

  it('still allows /renewal and /subscription-expired', () => {
    expect(guard(at(R.renewal), due(NOW - DAY), NOW)).toEqual(allow);
    expect(guard(at(R.expired), due(NOW - DAY), NOW)).toEqual(allow);
  });

  it('also applies to agents', () => {
    const s = session({ role: 'agent', subscription: { dueDate: new Date(NOW).toISOString() } });
    expect(guard(at(R.chat), s, NOW)).toEqual(to('/subscription-expired'));
    expect(guard(at(R.expired), s, NOW)).toEqual(allow);
  });
});

describe('rule 10: renewal window and expiry notice', () => {
  const due = (ms: number) => session({ subscription: { dueDate: new Date(ms).toISOString() } });

  it('opens /renewal exactly 7 days before the due date', () => {
    expect(RENEWAL_WINDOW_MS).toBe(7 * DAY);
    expect(guard(at(R.renewal), due(NOW + 7 * DAY), NOW)).toEqual(allow);
    expect(guard(at(R.renewal), due(NOW + 7 * DAY + 1), NOW)).toEqual(to('/'));
    expect(guard(at(R.renewal), due(NOW + DAY), NOW)).toEqual(allow);
  });

  it('shows /subscription-expired only once expired', () => {
    expect(guard(at(R.expired), due(NOW + 1), NOW)).toEqual(to('/'));
    expect(guard(at(R.expired), due(NOW), NOW)).toEqual(allow);
  });
});
