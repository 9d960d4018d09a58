import { MESSAGES, type registerBodySchema, type ResetCheckResponse } from '@sapa/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { badRequest, conflict } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { authRepo } from '../auth/repo.js';
import { LIMITS } from '../auth/throttles.js';
import { issueLinkToken, linkUrl } from './links.js';
import { oneTimeTokensRepo, type OneTimePurpose } from './one-time-tokens.repo.js';
import { usersRepo } from './users.repo.js';

type RegisterInput = z.output<typeof registerBodySchema>;
type LinkPurpose = ResetCheckResponse['purpose'];

const EMAIL_UNIQUE = 'users_email_key';

/** The status a user must still have for a link of each purpose to work. */
const LINK_USER_STATUS: Record<LinkPurpose, 'active' | 'invited'> = {
  reset_password: 'active',
  invite: 'invited',
};

const isLinkPurpose = (purpose: OneTimePurpose): purpose is LinkPurpose =>
  purpose === 'reset_password' || purpose === 'invite';
const invalidLink = (purpose: LinkPurpose) =>
  purpose === 'invite'
    ? badRequest(MESSAGES.inviteLinkInvalid, 'INVITE_LINK_INVALID')
    : badRequest(MESSAGES.resetLinkInvalid, 'RESET_LINK_INVALID');

/** Sign-up, email verification, and the emailed password links (reset and invitation). */
export class SignupService {
  // 3 reset mails per address per 15 minutes: enough for a lost mail, too few to flood an inbox.
  private readonly resetLimiter: RateLimiter;

  constructor(private readonly deps: Deps) {
    this.resetLimiter = new RateLimiter(deps, 'resetMail', LIMITS.resetMail);
  }

  /** Creates the account and its first admin (unverified) and mails the activation link. */
  async register(input: RegisterInput): Promise<{ ok: true; message: string }> {
    const { db, clock, config, mailer } = this.deps;
    if (await usersRepo.emailExists(db, input.email))
      throw conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(input.password);
    const language = input.language ?? 'en';
    const now = clock.now();
    let created: { accountId: string; token: string };
    try {
      created = await db.transaction().execute(async (trx) => {
        const accountId = await usersRepo.insertAccount(trx, input.company);
        const userId = await usersRepo.insertUser(trx, {
          accountId,
          name: input.name,
          email: input.email,
          phone: input.phone_number,
          passwordHash,
          role: 'admin',
          status: 'unverified',
          language,
          allChat: true,
        });
        return { accountId, token: await issueLinkToken(trx, userId, 'verify_email', now) };
      });
    } catch (err) {
      // The pre-check above lost a race: the unique index is the real guard.
      if (isUniqueViolation(err, EMAIL_UNIQUE)) throw conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
      throw err;
    }
    // Mail after commit, so no link is ever sent for an account that does not exist.
    await mailer.send({
      to: input.email,
      template: 'verify_email',
      language,
      accountId: created.accountId,
      vars: {
        name: input.name,
        company: input.company,
        link: linkUrl(config.appUrl, 'verify_email', created.token),
      },
    });
    return { ok: true, message: MESSAGES.registerCheckEmail };
  }

  async confirmEmail(token: string): Promise<{ ok: true; message: string }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const activated = await db.transaction().execute(async (trx) => {
      const used = await oneTimeTokensRepo.consume(trx, sha256(token), ['verify_email'], now);
      if (!used?.account_id) return false;
      return usersRepo.transition(
        trx,
        used.account_id,
        used.user_id,
        ['unverified'],
        'active',
        now,
        { emailVerified: true },
      );
    });
    if (!activated) throw badRequest(MESSAGES.confirmationInvalid, 'CONFIRMATION_INVALID');
    return { ok: true, message: MESSAGES.accountActivated };
  }

  /** Always the same answer, so it never tells whether an address is registered. */
  async requestReset(email: string): Promise<{ ok: true; message: string }> {
    const { db, clock, config, mailer, log } = this.deps;
    const answer = { ok: true as const, message: MESSAGES.resetRequested };
    if (!(await this.resetLimiter.hit(email.trim().toLowerCase())).allowed) {
      log.warn({ email }, 'password reset rate limited');
      return answer;
    }
    const user = await usersRepo.findByEmail(db, email);
    if (user?.status !== 'active') return answer;
    const now = clock.now();
    const token = await db.transaction().execute(async (trx) => {
      await oneTimeTokensRepo.invalidate(trx, user.id, 'reset_password', now);
      return issueLinkToken(trx, user.id, 'reset_password', now);
    });
    await mailer.send({
      to: user.email,
      template: 'reset_password',
      language: user.language,
      accountId: user.account_id,
      vars: {
        name: user.name,
        company: user.account_name,
        link: linkUrl(config.appUrl, 'reset_password', token),
      },
    });
    return answer;
  }

  /** What the reset page shows before asking for a password; `type=invite` picks the wording. */
  async checkLink(token: string, type?: string): Promise<ResetCheckResponse> {
    const link = await this.usableLink(token);
    if (!link.usable)
      throw invalidLink(link.purpose ?? (type === 'invite' ? 'invite' : 'reset_password'));
    return { ok: true, email: link.email, purpose: link.purpose, company: link.company };
  }

  /** Sets a password from a reset link (ending every session) or an invitation (activating the user). */
  async submitLink(token: string, password: string): Promise<{ ok: true; message: string }> {
    const { db, clock } = this.deps;
    const link = await this.usableLink(token);
    if (!link.usable) throw invalidLink(link.purpose ?? 'reset_password');
    // Hashing happens only for a token that looked good, and outside the transaction.
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    let ended: { id: string; user_id: string }[] = [];
    const done = await db.transaction().execute(async (trx) => {
      const used = await oneTimeTokensRepo.consume(trx, sha256(token), [link.purpose], now);
      if (!used?.account_id) return false;
      const status = LINK_USER_STATUS[link.purpose];
      const changed = await usersRepo.transition(
        trx,
        used.account_id,
        used.user_id,
        [status],
        'active',
        now,
        {
          passwordHash,
          emailVerified: link.purpose === 'invite',
        },
      );
      if (!changed) return false;
      await oneTimeTokensRepo.invalidate(trx, used.user_id, 'reset_password', now);
      // Whoever had the old password may hold a session: a reset ends them all.
      if (link.purpose === 'reset_password')
        ended = await authRepo.revokeUserSessions(trx, used.user_id, now, 'password_reset');
      return true;
    });
    if (!done) throw invalidLink(link.purpose);
    this.deps.authCache.sessions.ended(ended);
    return {
      ok: true,
      message: link.purpose === 'invite' ? MESSAGES.accountActivated : MESSAGES.passwordChanged,
    };
  }

  private async usableLink(
    token: string,
  ): Promise<
    | { usable: true; purpose: LinkPurpose; email: string; company: string }
    | { usable: false; purpose: LinkPurpose | null }
  > {
    const row = await oneTimeTokensRepo.inspect(this.deps.db, sha256(token));
    if (!row || !isLinkPurpose(row.purpose)) return { usable: false, purpose: null };
    const usable =
      !row.used_at &&
      row.expires_at > this.deps.clock.now() &&
      row.status === LINK_USER_STATUS[row.purpose];
    if (!usable) return { usable: false, purpose: row.purpose };
    return { usable: true, purpose: row.purpose, email: row.email, company: row.account_name };
  }
}
