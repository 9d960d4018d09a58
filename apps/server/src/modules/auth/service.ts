import { MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { verifyPassword } from '../../lib/passwords.js';
import { badRequest, forbidden, unauthorized } from '../../http/errors.js';
import { presentUser } from '../users/presenter.js';
import { findUserView } from '../users/user-view.repo.js';
import type { Principal } from './principal.js';
import { authRepo } from './repo.js';
import { Throttle } from './throttles.js';
import { TokenSigner } from './tokens.js';
import { newTwoFactorSecret, pinStep } from './two-factor.js';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Sign-in, token rotation, and the TOTP second factor. */
export class AuthService {
  private readonly signer: TokenSigner;
  // Shared by every process (PostgreSQL); see LIMITS for who is slowed and locked when.
  private readonly loginThrottle: Throttle;
  private readonly pinThrottle: Throttle;

  constructor(private readonly deps: Deps) {
    this.signer = new TokenSigner(deps.config.jwtSecret, deps.config.accessTokenTtlSeconds);
    this.loginThrottle = new Throttle(deps, ['loginPair', 'loginIp', 'loginEmail']);
    this.pinThrottle = new Throttle(deps, ['pinUser', 'pinIp']);
  }

  async login(input: { email: string; password: string; ip: string; userAgent: string | null }) {
    const { db, clock } = this.deps;
    const email = input.email.trim().toLowerCase();
    const keys = [`${email} ${input.ip}`, input.ip, email];
    await this.loginThrottle.admit(keys);

    const user = await authRepo.findUserByEmail(db, input.email);
    const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
    // Unverified and deactivated users get the same answer as a wrong password: no account oracle.
    if (!user || !passwordOk || user.status !== 'active')
      throw unauthorized(MESSAGES.loginFailed, 'LOGIN_FAILED');
    await this.loginThrottle.passed(keys);
    // Said only to someone who knows the password: no oracle for which accounts are suspended.
    if (user.suspended_at) throw forbidden(MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED');

    const now = clock.now();
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(
      now.getTime() + this.deps.config.refreshTokenTtlDays * 86_400_000,
    );
    const twoFactorVerified = !user.two_factor_enabled;
    const sessionId = await authRepo.createSession(db, {
      accountId: user.account_id,
      userId: user.id,
      twoFactorVerified,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
      ip: input.ip,
      expiresAt: refreshExpiresAt,
      tokenHash: sha256(refreshToken),
    });
    const accessToken = await this.signer.sign(
      {
        userId: user.id,
        accountId: user.account_id,
        sessionId,
        role: user.role,
        isTwoFactorAuthenticated: twoFactorVerified,
      },
      now,
    );
    return {
      accessToken,
      refreshToken,
      refreshExpiresAt,
      user: await this.userView(user.account_id, user.id),
    };
  }

  /** Rotates the refresh token. A token used twice means it leaked: the whole session dies. */
  async refresh(refreshToken: string | undefined): Promise<SessionTokens> {
    const { db, clock } = this.deps;
    if (!refreshToken) throw unauthorized(MESSAGES.sessionExpired, 'NO_REFRESH_TOKEN');
    const now = clock.now();
    const consumed = await authRepo.consumeRefreshToken(db, sha256(refreshToken), now);
    if (!consumed) throw unauthorized(MESSAGES.sessionExpired, 'REFRESH_INVALID');
    if (consumed.reused) {
      this.deps.authCache.sessions.ended(
        await authRepo.revokeSession(db, consumed.sessionId, now, 'refresh_token_reuse'),
      );
      this.deps.log.warn({ sessionId: consumed.sessionId }, 'refresh token reuse: session revoked');
      throw unauthorized(MESSAGES.sessionExpired, 'REFRESH_REUSED');
    }
    const session = await authRepo.findSession(db, consumed.sessionId);
    if (
      !session ||
      session.revoked_at ||
      session.expires_at <= now ||
      session.status !== 'active'
    ) {
      throw unauthorized(MESSAGES.sessionExpired, 'SESSION_ENDED');
    }
    const next = randomToken();
    await authRepo.addRefreshToken(db, session.id, sha256(next));
    await authRepo.touchSession(db, session.id, now);
    const accessToken = await this.signer.sign(
      {
        userId: session.user_id,
        accountId: session.account_id,
        sessionId: session.id,
        role: session.role,
        isTwoFactorAuthenticated: session.two_factor_verified || !session.two_factor_enabled,
      },
      now,
    );
    return { accessToken, refreshToken: next, refreshExpiresAt: session.expires_at };
  }

  async logout(input: { refreshToken?: string; principal?: Principal | null }): Promise<void> {
    const { db, clock, authCache } = this.deps;
    const now = clock.now();
    // Announced here as well as by the database's notice: this process's sockets of the session
    // are gone before the answer leaves, so nothing emitted after it reaches them.
    if (input.principal)
      authCache.sessions.ended(
        await authRepo.revokeSession(db, input.principal.sessionId, now, 'logout'),
      );
    if (input.refreshToken) {
      const seen = await db
        .selectFrom('refresh_tokens')
        .select('session_id')
        .where('token_hash', '=', sha256(input.refreshToken))
        .executeTakeFirst();
      if (seen)
        authCache.sessions.ended(await authRepo.revokeSession(db, seen.session_id, now, 'logout'));
    }
  }

  /** Verifies a bearer token and loads its caller; null when the token or its session is no good. */
  async authenticate(bearer: string): Promise<Principal | null> {
    const { authCache: cache, clock } = this.deps;
    const now = clock.now();
    let claims = cache.claims(bearer);
    if (!claims) {
      try {
        claims = await this.signer.verify(bearer, now);
      } catch {
        return null;
      }
      cache.rememberClaims(bearer, claims);
    }
    const principal = await this.sessionPrincipal(claims.sub, claims.sid);
    if (!principal) return null;
    // A copy: the 2FA state comes from this token, not from whichever token filled the cache.
    return {
      ...principal,
      twoFactorVerified: claims.isTwoFactorAuthenticated || !principal.twoFactorEnabled,
    };
  }

  /**
   * The caller of a live session (user active, session not revoked), from the auth cache when it
   * holds one. Sockets use this to re-check their session on every event.
   */
  async sessionPrincipal(userId: string, sessionId: string): Promise<Principal | null> {
    const { authCache: cache, clock, db } = this.deps;
    const cached = cache.principal(sessionId);
    if (cached && cached.userId === userId) return cached;
    const generation = cache.currentGeneration;
    const loaded = await authRepo.loadPrincipal(db, userId, sessionId, clock.now());
    if (loaded) cache.rememberPrincipal(sessionId, loaded, generation);
    return loaded;
  }

  /** As `sessionPrincipal`, straight from the database: for a change the cache may not know yet. */
  freshPrincipal(userId: string, sessionId: string): Promise<Principal | null> {
    return authRepo.loadPrincipal(this.deps.db, userId, sessionId, this.deps.clock.now());
  }

  async generateTwoFactor(principal: Principal) {
    const generated = await newTwoFactorSecret(principal.email);
    // Kept sealed but not enabled until the user proves the authenticator works (turn-on).
    const current = await authRepo.findTwoFactorSecret(this.deps.db, principal.userId);
    if (current?.two_factor_enabled)
      throw badRequest('Two-factor authentication is already on', '2FA_ALREADY_ON');
    await authRepo.setTwoFactor(
      this.deps.db,
      principal.userId,
      false,
      this.deps.secrets.seal(generated.secret),
    );
    return generated;
  }

  async turnOnTwoFactor(principal: Principal, pin: string, ip: string) {
    const secret = await this.provePin(principal, pin, ip, false);
    await authRepo.setTwoFactor(this.deps.db, principal.userId, true, secret.sealed);
    await authRepo.touchSession(this.deps.db, principal.sessionId, this.deps.clock.now(), true);
    return this.reissue(principal, true);
  }

  async turnOffTwoFactor(principal: Principal, pin: string, ip: string) {
    await this.provePin(principal, pin, ip, true);
    await authRepo.setTwoFactor(this.deps.db, principal.userId, false, null);
    return this.reissue(principal, true);
  }

  async validateTwoFactor(principal: Principal, pin: string, ip: string) {
    await this.provePin(principal, pin, ip, true);
    await authRepo.touchSession(this.deps.db, principal.sessionId, this.deps.clock.now(), true);
    return this.reissue(principal, true);
  }

  /** Refuses a token that still owes its TOTP step (spec: 403 until validate succeeds). */
  assertTwoFactorSatisfied(principal: Principal): void {
    if (principal.twoFactorEnabled && !principal.twoFactorVerified)
      throw forbidden(MESSAGES.twoFactorRequired, '2FA_REQUIRED');
  }

  /**
   * Checks a PIN against the user's secret: throttled per user and per address (429 with the
   * wait), and each code's time step is accepted once, so a code seen over a shoulder or in
   * a log cannot be replayed while it is still current.
   */
  private async provePin(principal: Principal, pin: string, ip: string, mustBeOn: boolean) {
    const keys = [principal.userId, ip];
    await this.pinThrottle.admit(keys);
    const secret = await this.secretOf(principal);
    if (!secret || (mustBeOn && !principal.twoFactorEnabled))
      throw badRequest(MESSAGES.twoFactorInvalid, '2FA_INVALID');
    const step = pinStep(secret.plain, pin, this.deps.clock.now());
    if (step === null) throw badRequest(MESSAGES.twoFactorInvalid, '2FA_INVALID');
    if (!(await authRepo.useTwoFactorStep(this.deps.db, principal.userId, step)))
      throw badRequest(MESSAGES.twoFactorInvalid, '2FA_REUSED');
    await this.pinThrottle.passed(keys);
    return secret;
  }

  private async secretOf(principal: Principal) {
    const row = await authRepo.findTwoFactorSecret(this.deps.db, principal.userId);
    if (!row?.two_factor_secret) return null;
    return { sealed: row.two_factor_secret, plain: this.deps.secrets.open(row.two_factor_secret) };
  }

  private async reissue(principal: Principal, verified: boolean) {
    const accessToken = await this.signer.sign(
      {
        userId: principal.userId,
        accountId: principal.accountId,
        sessionId: principal.sessionId,
        role: principal.role,
        isTwoFactorAuthenticated: verified,
      },
      this.deps.clock.now(),
    );
    return { accessToken, user: await this.userView(principal.accountId, principal.userId) };
  }

  private async userView(accountId: string, userId: string) {
    const row = await findUserView(this.deps.db, accountId, userId);
    if (!row) throw unauthorized(MESSAGES.unauthorized);
    return presentUser(row);
  }
}
