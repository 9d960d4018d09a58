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
    await analytics.flush();
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
    await analytics.flush();
    expect(mp.init).toHaveBeenCalledWith('env-token', expect.any(Object));
    vi.unstubAllEnvs();
  });
});

describe('analytics with a token', () => {
  it('initialises with the spec configuration', async () => {
    const analytics = await load();
    expect(analytics.init('tok')).toBe(true);
    await analytics.flush();
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
    await analytics.flush();
    const props = { email: 'sari@toko.id', name: 'Sari', company: 'Toko Sari', role: 'admin' };
    expect(mp.identify).toHaveBeenCalledWith('sari@toko.id');
    expect(mp.people.set).toHaveBeenCalledWith(props);
    expect(mp.register).toHaveBeenCalledWith({ ...props, logged_in: true });
  });

  it('marks a visitor as logged out, tracks events and resets', async () => {
    const analytics = await load();
    analytics.init('tok');
    analytics.identifyLoggedOut();
    analytics.track('broadcast_started', { recipients: 3 });
    analytics.track('opened');
    analytics.reset();
    // Nothing reaches the SDK before it has loaded and been initialised.
    expect(mp.register).not.toHaveBeenCalled();
    await analytics.flush();
    expect(mp.register).toHaveBeenCalledWith({ logged_in: false });
    expect(mp.track).toHaveBeenCalledWith('broadcast_started', { recipients: 3 });
    expect(mp.track).toHaveBeenLastCalledWith('opened', undefined);
    expect(mp.reset).toHaveBeenCalledTimes(1);
    // ...and what was queued ran in order, after init.
    const order = [mp.init, mp.register, mp.track, mp.reset].map(
      (fn) => fn.mock.invocationCallOrder[0] ?? 0,
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
