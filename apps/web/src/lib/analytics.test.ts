import { beforeEach, describe, expect, it, vi } from 'vitest';

const mp = vi.hoisted(() => ({
  init: vi.fn(),
  identify: vi.fn(),
  register: vi.fn(),
  track: vi.fn(),
  reset: vi.fn(),
  people: { set: vi.fn() },
}));
vi.mock('mixpanel-browser', () => ({ default: mp }));

const user = { email: 'sari@toko.id', name: 'Sari', company: 'Toko Sari', role: 'admin' as const };

beforeEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
});

async function load() {
  return (await import('./analytics')).analytics;
}

describe('analytics without a token', () => {
  it('does nothing at all', async () => {
    const analytics = await load();
    expect(analytics.init('')).toBe(false);
    analytics.identifyUser(user);
    analytics.identifyLoggedOut();
    analytics.track('opened');
    analytics.reset();
    expect(analytics.enabled).toBe(false);
    expect(mp.init).not.toHaveBeenCalled();
    expect(mp.identify).not.toHaveBeenCalled();
    expect(mp.register).not.toHaveBeenCalled();
    expect(mp.track).not.toHaveBeenCalled();
    expect(mp.reset).not.toHaveBeenCalled();
    expect(mp.people.set).not.toHaveBeenCalled();
  });

  it('falls back to the VITE_MIXPANEL_TOKEN environment value', async () => {
    vi.stubEnv('VITE_MIXPANEL_TOKEN', 'env-token');
    const analytics = await load();
    expect(analytics.init()).toBe(true);
    expect(mp.init).toHaveBeenCalledWith('env-token', expect.any(Object));
    vi.unstubAllEnvs();
  });
});

describe('analytics with a token', () => {
  it('initialises with the spec configuration', async () => {
    const analytics = await load();
    expect(analytics.init('tok')).toBe(true);
    expect(mp.init).toHaveBeenCalledWith('tok', {
      debug: true,
      track_pageview: true,
      persistence: 'cookie',
      ignore_dnt: true,
    });
  });

  it('identifies a user by email with email, name, company and role', async () => {
    const analytics = await load();
    analytics.init('tok');
    analytics.identifyUser(user);
    const props = { email: 'sari@toko.id', name: 'Sari', company: 'Toko Sari', role: 'admin' };
    expect(mp.identify).toHaveBeenCalledWith('sari@toko.id');
    expect(mp.people.set).toHaveBeenCalledWith(props);
    expect(mp.register).toHaveBeenCalledWith({ ...props, logged_in: true });
  });

  it('marks a visitor as logged out, tracks events and resets', async () => {
    const analytics = await load();
    analytics.init('tok');
    analytics.identifyLoggedOut();
    expect(mp.register).toHaveBeenCalledWith({ logged_in: false });
    analytics.track('broadcast_started', { recipients: 3 });
    expect(mp.track).toHaveBeenCalledWith('broadcast_started', { recipients: 3 });
    analytics.track('opened');
    expect(mp.track).toHaveBeenLastCalledWith('opened', undefined);
    analytics.reset();
    expect(mp.reset).toHaveBeenCalledTimes(1);
  });
});
