import type { OverridedMixpanel } from 'mixpanel-browser';
import type { User } from '@sapa/contracts';

export type AnalyticsUser = Pick<User, 'email' | 'name' | 'company' | 'role'>;
export type AnalyticsProps = Record<string, string | number | boolean | null>;

type Mixpanel = OverridedMixpanel;

/**
 * The SDK is large (about half the app's bundle), so it is downloaded only when a token is set.
 * Calls made before it arrives run in order once it has.
 */
let client: Promise<Mixpanel> | null = null;

function withClient(run: (mixpanel: Mixpanel) => void): void {
  if (!client) return;
  void client.then(run).catch((error: unknown) => console.warn('Analytics unavailable', error));
}

/**
 * Spec §1 analytics. Without a token (local dev, tests, self-hosting) every call is a no-op, so
 * callers never need to check.
 */
export const analytics = {
  init(token: string | undefined = import.meta.env.VITE_MIXPANEL_TOKEN): boolean {
    if (!token) {
      client = null;
      return false;
    }
    client = import('mixpanel-browser').then(({ default: mixpanel }) => {
      mixpanel.init(token, {
        debug: true,
        track_pageview: true,
        persistence: 'cookie',
        ignore_dnt: true,
      });
      return mixpanel;
    });
    return true;
  },

  get enabled(): boolean {
    return client !== null;
  },

  identifyUser(user: AnalyticsUser): void {
    const props = { email: user.email, name: user.name, company: user.company, role: user.role };
    withClient((mixpanel) => {
      mixpanel.identify(user.email);
      mixpanel.people.set(props);
      mixpanel.register({ ...props, logged_in: true });
    });
  },

  /** A visitor without a session: anonymous id, marked as logged out. */
  identifyLoggedOut(): void {
    withClient((mixpanel) => mixpanel.register({ logged_in: false }));
  },

  track(name: string, props?: AnalyticsProps): void {
    withClient((mixpanel) => mixpanel.track(name, props));
  },

  /** Forgets the identified person (logout), starting a fresh anonymous id. */
  reset(): void {
    withClient((mixpanel) => mixpanel.reset());
  },

  /** Resolves once queued calls have run (tests, and before a hard navigation). */
  async flush(): Promise<void> {
    if (client) await client.catch(() => undefined);
  },
};
