import {
  MESSAGES,
  type agentListQuerySchema,
  type changePasswordBodySchema,
  type updateMeBodySchema,
  type User,
  type UserStatus,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { isAllowed } from '../../policies.js';
import { authRepo } from '../auth/repo.js';
import { Throttle } from '../auth/throttles.js';
import type { Principal } from '../auth/principal.js';
import { oneTimeTokensRepo } from './one-time-tokens.repo.js';
import { presentUser } from './presenter.js';
import { findUserView } from './user-view.repo.js';
import { usersRepo } from './users.repo.js';

type UpdateMeInput = z.output<typeof updateMeBodySchema>;
type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;
type AgentListInput = z.output<typeof agentListQuerySchema>;

/** The signed-in user's own profile and password, and the account's user list. */
export class ProfileService {
  // A stolen access token must not become a fast oracle for the current password.
  private readonly passwordAttempts: Throttle;

  constructor(private readonly deps: Deps) {
    this.passwordAttempts = new Throttle(deps, ['currentPassword']);
  }

  async me(principal: Principal): Promise<User> {
    const cache = this.deps.authCache;
    const cached = cache.user(principal.userId);
    if (cached) return cached;
    const generation = cache.currentGeneration;
    const row = await findUserView(this.deps.db, principal.accountId, principal.userId);
    if (!row) throw unauthorized(MESSAGES.unauthorized);
    const user = presentUser(row);
    cache.rememberUser(principal.userId, user, generation);
    return user;
  }

  async updateMe(principal: Principal, input: UpdateMeInput): Promise<User> {
    const { db, clock } = this.deps;
    // `company` is the account's name: one user's profile form must not rename it for everyone.
    if (input.company !== undefined && !isAllowed('account.rename', principal))
      throw forbidden(MESSAGES.forbidden, 'FORBIDDEN');
    const now = clock.now();
    try {
      await db.transaction().execute(async (trx) => {
        await usersRepo.updateUser(
          trx,
          principal.accountId,
          principal.userId,
          {
            name: input.user_name,
            email: input.email,
            phone: input.phone,
            language: input.language,
          },
          now,
        );
        if (input.company !== undefined)
          await usersRepo.renameAccount(trx, principal.accountId, input.company, now);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key'))
        throw conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
      throw err;
    }
    return this.me(principal);
  }

  /** Changes the password and signs out every other session of the user (this one stays). */
  async changePassword(
    principal: Principal,
    input: ChangePasswordInput,
  ): Promise<{ ok: true; message: string }> {
    const { db, clock } = this.deps;
    await this.passwordAttempts.admit([principal.userId]);
    const user = await usersRepo.findById(db, principal.accountId, principal.userId);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      throw badRequest(MESSAGES.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG', [
        { path: 'current_password', message: MESSAGES.currentPasswordWrong },
      ]);
    }
    await this.passwordAttempts.passed([principal.userId]);
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const ended = await db.transaction().execute(async (trx) => {
      await usersRepo.setPassword(trx, principal.accountId, principal.userId, passwordHash, now);
      await oneTimeTokensRepo.invalidate(trx, principal.userId, 'reset_password', now);
      return authRepo.revokeUserSessions(
        trx,
        principal.userId,
        now,
        'password_changed',
        principal.sessionId,
      );
    });
    this.deps.authCache.sessions.ended(ended);
    return { ok: true, message: MESSAGES.passwordChanged };
  }

  /** Users of the caller's account for pickers and the agent settings page. */
  async listAgents(principal: Principal, query: AgentListInput) {
    const statuses: UserStatus[] = query.includeInactive
      ? ['active', 'invited', 'deactivated']
      : ['active', 'invited'];
    const { rows, total } = await usersRepo.list(this.deps.db, principal.accountId, {
      roles: query.role,
      statuses,
      excludeUserId: query.includeMe ? undefined : principal.userId,
      search: query.search || undefined,
      limit: query.perpage,
      offset: (query.page - 1) * query.perpage,
    });
    return {
      data: rows.map(presentUser),
      meta: { total, page: query.page, perpage: query.perpage },
    };
  }
}
