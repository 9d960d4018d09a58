import type { Deps } from '../../deps.js';
import type { AuthCache } from '../auth/auth-cache.js';

/**
 * What the console needs: the server's dependencies, or the command line's smaller set (no
 * sockets, mail or queue of its own). `authCache` is the server's: a suspension announces the
 * ended sessions to this process's sockets at once; the database's notice reaches every process
 * (the command line's changes included) a moment later.
 */
export type OpsDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets' | 'events' | 'log'> & {
  authCache?: Pick<AuthCache, 'sessions'>;
};
