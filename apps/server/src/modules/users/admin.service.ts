import {
  MESSAGES,
  type inviteUserBodySchema,
  type Role,
  type updateUserBodySchema,
  type User,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { authRepo } from '../auth/repo.js';
import type { Principal } from '../auth/principal.js';
import { issueLinkToken, linkUrl } from './links.js';
import { oneTimeTokensRepo } from './one-time-tokens.repo.js';
import { presentUser } from './presenter.js';
import { findUserView } from './user-view.repo.js';
import { usersRepo } from './users.repo.js';

type InviteInput = z.output<typeof inviteUserBodySchema>;
type UpdateUserInput = z.output<typeof updateUserBodySchema>;

const ROLE_LABEL: Record<'en' | 'id', Record<Role, string>> = {
  en: { admin: 'Admin', supervisor: 'Supervisor', agent: 'Agent' },
  id: { admin: 'Admin', supervisor: 'Supervisor', agent: 'Agen' },
};

const unique = (ids: string[]) => [...new Set(ids)];

/** The admin's agent settings: invite, edit, deactivate, reactivate, resend an invitation. */
export class UserAdminService {
  constructor(private readonly deps: Deps) {}

  async invite(principal: Principal, input: InviteInput): Promise<User> {
    const { db, clock } = this.deps;
    const divisions = unique(input.divisions);
    const agentIds = unique(input.agentIds);
    await this.assertReferences(principal.accountId, divisions, agentIds);
    if (await usersRepo.emailExists(db, input.email))
      throw conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
    const inviter = await usersRepo.findById(db, principal.accountId, principal.userId);
    const language = inviter?.language ?? 'en';
    const now = clock.now();
    let created: { userId: string; token: string };
    try {
      created = await db.transaction().execute(async (trx) => {
        const userId = await usersRepo.insertUser(trx, {
          accountId: principal.accountId,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          passwordHash: null,
          role: input.role,
          status: 'invited',
          language,
          divisionOnlyView: input.divisionOnlyView,
          allChat: input.allChat,
        });
        await usersRepo.replaceDivisions(trx, principal.accountId, userId, divisions);
        await usersRepo.replaceAgents(trx, principal.accountId, userId, agentIds);
        return { userId, token: await issueLinkToken(trx, userId, 'invite', now) };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key'))
        throw conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
      throw err;
    }
    const user = await this.view(principal.accountId, created.userId);
    await this.sendInvite(principal, user, created.token);
    return user;
  }

  async update(principal: Principal, userId: string, input: UpdateUserInput): Promise<User> {
    const { db, clock } = this.deps;
    const divisions = input.divisions && unique(input.divisions);
    const agentIds = input.agentIds && unique(input.agentIds);
    await this.assertReferences(principal.accountId, divisions ?? [], agentIds ?? []);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const target = await this.lockTarget(
        trx,
        principal.accountId,
        userId,
        input.role !== undefined,
      );
      if (input.role !== undefined && input.role !== 'admin') this.assertNotLastAdmin(target);
      await usersRepo.updateUser(
        trx,
        principal.accountId,
        userId,
        {
          name: input.name,
          role: input.role,
          phone: input.phone,
          divisionOnlyView: input.divisionOnlyView,
          allChat: input.allChat,
        },
        now,
      );
      if (divisions) await usersRepo.replaceDivisions(trx, principal.accountId, userId, divisions);
      if (agentIds) await usersRepo.replaceAgents(trx, principal.accountId, userId, agentIds);
    });
    // This process's sockets of the user have their new rooms before the answer leaves; other
    // processes hear the database's notice.
    const scoped = [input.role, divisions, agentIds, input.divisionOnlyView, input.allChat];
    if (scoped.some((value) => value !== undefined))
      await this.deps.authCache.sessions.announce({ kind: 'scope', userId });
    return this.view(principal.accountId, userId);
  }

  /** Ends every session at once: authenticate() loads the user per request and sees the status. */
  async deactivate(principal: Principal, userId: string): Promise<User> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const ended = await db.transaction().execute(async (trx) => {
      const target = await this.lockTarget(trx, principal.accountId, userId, true);
      if (target.status === 'deactivated') return [];
      this.assertNotLastAdmin(target);
      await usersRepo.transition(
        trx,
        principal.accountId,
        userId,
        ['unverified', 'invited', 'active'],
        'deactivated',
        now,
      );
      const revoked = await authRepo.revokeUserSessions(trx, userId, now, 'deactivated');
      await oneTimeTokensRepo.invalidate(trx, userId, 'invite', now);
      await oneTimeTokensRepo.invalidate(trx, userId, 'reset_password', now);
      return revoked;
    });
    this.deps.authCache.sessions.ended(ended);
    return this.view(principal.accountId, userId);
  }

  /** A user who never set a password goes back to invited (and can be sent a new invitation). */
  async reactivate(principal: Principal, userId: string): Promise<User> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const target = await this.lockTarget(trx, principal.accountId, userId, false);
      if (target.status !== 'deactivated') return;
      const next = target.password_hash ? 'active' : 'invited';
      await usersRepo.transition(trx, principal.accountId, userId, ['deactivated'], next, now);
    });
    return this.view(principal.accountId, userId);
  }

  /** A fresh invitation link; any earlier one stops working. */
  async resendInvite(principal: Principal, userId: string): Promise<{ ok: true }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const token = await db.transaction().execute(async (trx) => {
      const target = await this.lockTarget(trx, principal.accountId, userId, false);
      if (target.status !== 'invited') throw badRequest(MESSAGES.inviteOnlyInvited, 'NOT_INVITED');
      await oneTimeTokensRepo.invalidate(trx, userId, 'invite', now);
      return issueLinkToken(trx, userId, 'invite', now);
    });
    await this.sendInvite(principal, await this.view(principal.accountId, userId), token);
    return { ok: true };
  }

  /**
   * Locks the target (404 when it is not in the caller's account). With `withAdmins`, the account's
   * active admins are locked first, always in the same order, so concurrent demotions cannot
   * deadlock or leave the account without an admin.
   */
  private async lockTarget(trx: Db, accountId: string, userId: string, withAdmins: boolean) {
    const activeAdminIds = withAdmins ? await usersRepo.lockActiveAdminIds(trx, accountId) : [];
    const target = await usersRepo.findByIdForUpdate(trx, accountId, userId);
    if (!target) throw notFound(MESSAGES.userNotFound);
    return { ...target, activeAdminIds };
  }

  private assertNotLastAdmin(target: {
    id: string;
    role: Role;
    status: string;
    activeAdminIds: string[];
  }): void {
    if (target.role !== 'admin' || target.status !== 'active') return;
    if (!target.activeAdminIds.some((id) => id !== target.id))
      throw badRequest(MESSAGES.lastAdmin, 'LAST_ADMIN');
  }

  /** Division and agent ids come from the client: each must be in the caller's account. */
  private async assertReferences(
    accountId: string,
    divisionIds: string[],
    agentIds: string[],
  ): Promise<void> {
    const { db } = this.deps;
    if (
      (await usersRepo.countInAccount(db, 'divisions', accountId, divisionIds)) !==
      divisionIds.length
    ) {
      throw badRequest(MESSAGES.divisionNotInAccount, 'DIVISION_NOT_FOUND', [
        { path: 'divisions', message: MESSAGES.divisionNotInAccount },
      ]);
    }
    if ((await usersRepo.countInAccount(db, 'users', accountId, agentIds)) !== agentIds.length) {
      throw badRequest(MESSAGES.agentNotInAccount, 'AGENT_NOT_FOUND', [
        { path: 'agentIds', message: MESSAGES.agentNotInAccount },
      ]);
    }
  }

  private async sendInvite(principal: Principal, user: User, token: string): Promise<void> {
    await this.deps.mailer.send({
      to: user.email,
      template: 'invite',
      language: user.language,
      accountId: principal.accountId,
      vars: {
        name: user.name,
        company: user.company,
        link: linkUrl(this.deps.config.appUrl, 'invite', token),
        inviter: principal.name,
        role: ROLE_LABEL[user.language][user.role],
      },
    });
  }

  private async view(accountId: string, userId: string): Promise<User> {
    const row = await findUserView(this.deps.db, accountId, userId);
    if (!row) throw notFound(MESSAGES.userNotFound);
    return presentUser(row);
  }
}
