import mixpanel from 'mixpanel-browser';
import type { User } from '@sapa/contracts';

export type AnalyticsUser = Pick<User, 'email' | 'name' | 'company' | 'role'>;
export type AnalyticsProps = Record<string, string | number | boolean | null>;

let enabled = false;

/**
 * Spec §1 analytics. Without a token (local dev, tests, self-hosting) every call is a no-op, so
 * callers never need to check.
 */
export const analytics = {
  init(token: string | undefined = import.meta.env.VITE_MIXPANEL_TOKEN): boolean {
    if (!token) {
      enabled = false;
      return false;
    }
    mixpanel.init(token, {
      debug: true,
      track_pageview: true,
      persistence: 'cookie',
      ignore_dnt: true,
    });
    enabled = true;
    return true;
  },

  get enabled(): boolean {
    return enabled;
  },

  identifyUser(user: AnalyticsUser): void {
    if (!enabled) return;
    const props = { email: user.email, name: user.name, company: user.company, role: user.role };
    mixpanel.identify(user.email);
    mixpanel.people.set(props);
    mixpanel.register({ ...props, logged_in: true });
  },

  /** A visitor without a session: anonymous id, marked as logged out. */
  identifyLoggedOut(): void {
    if (!enabled) return;
    mixpanel.register({ logged_in: false });
  },

  track(name: string, props?: AnalyticsProps): void {
    if (!enabled) return;
    mixpanel.track(name, props);
  },

  /** Forgets the identified person (logout), starting a fresh anonymous id. */
  reset(): void {
    if (!enabled) return;
    mixpanel.reset();
  },
};
