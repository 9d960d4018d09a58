import type { Deps } from '../../deps.js';
import { tooManyRequests } from '../../http/errors.js';
import { RateLimiter, type LimitPolicy } from '../../lib/rate-limiter.js';

const MINUTE = 60_000;

/**
 * The limits on guessing secrets. The first key of each chain is the guesser's own (this address
 * on this account); it is slowed and locked first, so a stranger's misses never lock the owner
 * out from elsewhere. The later keys are looser nets for guessers who spread out.
 */
export const LIMITS = {
  /** One address on one account: a growing wait after 5 misses (1 s, 2 s, 4 s …), locked at 10. */
  loginPair: {
    windowMs: 15 * MINUTE,
    slowAfter: 5,
    delayMs: 1_000,
    maxDelayMs: 15 * MINUTE,
    lockAfter: 10,
    lockMs: 15 * MINUTE,
  },
  /** One address on many accounts (credential stuffing). */
  loginIp: { windowMs: 15 * MINUTE, lockAfter: 50, lockMs: 15 * MINUTE },
  /**
   * Many addresses on one account: spaced out to one try per 10 s at most, never locked, so a
   * botnet guesses slowly and the owner waits seconds, not minutes.
   */
  loginEmail: { windowMs: 15 * MINUTE, slowAfter: 20, delayMs: 1_000, maxDelayMs: 10_000 },
  /** Two-factor PINs of one user: 5 tries, then 15 minutes (a million codes, three valid). */
  pinUser: { windowMs: 15 * MINUTE, lockAfter: 5, lockMs: 15 * MINUTE },
  /** Two-factor PINs from one address, across users. */
  pinIp: { windowMs: 15 * MINUTE, lockAfter: 20, lockMs: 15 * MINUTE },
  /** The current password asked by a password change (a stolen token is no fast oracle). */
  currentPassword: { windowMs: 15 * MINUTE, lockAfter: 10, lockMs: 15 * MINUTE },
  /** Reset mails to one address: enough for a lost mail, too few to flood an inbox. */
  resetMail: { windowMs: 15 * MINUTE, lockAfter: 3, lockMs: 15 * MINUTE },
} satisfies Record<string, LimitPolicy>;

export type LimitName = keyof typeof LIMITS;

/**
 * A chain of throttled keys checked in order for one attempt. An attempt refused by a key is
 * taken back from the keys before it, so waiting never counts as guessing. When the attempt
 * succeeds, the first key (the owner's own) is forgotten and the others take the attempt back.
 */
export class Throttle {
  private readonly limiters: RateLimiter[];

  constructor(deps: Pick<Deps, 'db' | 'clock' | 'log'>, names: LimitName[]) {
    this.limiters = names.map((name) => new RateLimiter(deps, name, LIMITS[name]));
  }

  /** Counts the attempt, or throws the 429 with the true wait. `keys` pair with the names. */
  async admit(keys: string[]): Promise<void> {
    for (let i = 0; i < this.limiters.length; i++) {
      const result = await this.limiters[i]!.hit(keys[i]!);
      if (result.allowed) continue;
      await Promise.all(this.limiters.slice(0, i).map((limiter, j) => limiter.refund(keys[j]!)));
      throw tooManyRequests(result.retryAfterMs);
    }
  }

  async passed(keys: string[]): Promise<void> {
    await Promise.all(
      this.limiters.map((limiter, i) =>
        i === 0 ? limiter.reset(keys[i]!) : limiter.refund(keys[i]!),
      ),
    );
  }
}
