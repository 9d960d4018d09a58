import { createHmac } from 'node:crypto';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { MESSAGES } from '@sapa/contracts';
import { badRequest, notFound, unauthorized } from '../../http/errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { Throttle } from '../auth/throttles.js';
import { pinStep } from '../auth/two-factor.js';
import type { OpsDeps } from './deps.js';
import { opsRepo } from './repo.js';
import { OpsTokenSigner } from './tokens.js';

/** The one-time setup link lives a day (the CLI prints it; someone has to pass it on). */
export const SETUP_LINK_TTL_MS = 24 * 3_600_000;
/** A session that has passed the password but not yet the code: minutes, not hours. */
export const PENDING_SESSION_MS = 10 * 60_000;
/** A verified console session: one working day, then sign in again. */
export const SESSION_MS = 8 * 3_600_000;

export interface OperatorPrincipal {
  operatorId: string;
  sessionId: string;
  email: string;
  name: string;
  twoFactorVerified: boolean;
}

export interface OpsSession {
  token: string;
  expiresAt: Date;
  operator: OperatorPrincipal;
}

const LOGIN_FAILED = () => unauthorized(MESSAGES.loginFailed, 'LOGIN_FAILED');
const LINK_INVALID = () => notFound('This setup link is invalid, used or expired');

/**
 * Operator sign-in: password, then an authenticator code every time (no session is useful
 * before it). Throttled by the same PostgreSQL-backed limits as tenants' sign-in and PINs,
 * under keys of their own, and each code's time step is accepted once.
 */
export class OperatorAuthService {
  private readonly signer: OpsTokenSigner;
  private readonly loginThrottle: Throttle;
  private readonly pinThrottle: Throttle;
  private readonly linkKey: Buffer;

  constructor(private readonly deps: OpsDeps) {
    this.signer = new OpsTokenSigner(deps.config.jwtSecret);
    this.loginThrottle = new Throttle(deps, ['loginPair', 'loginIp', 'loginEmail']);
    this.pinThrottle = new Throttle(deps, ['pinUser', 'pinIp']);
    this.linkKey = createHmac('sha256', deps.config.jwtSecret).update('sapa-ops-setup').digest();
  }

  /**
   * A one-time link to set (or reset) the operator's password and authenticator. An operator
   * already active keeps signing in as before until the link is used.
   */
  async invite(email: string, cliUser: string | null) {
    const { db, clock, config } = this.deps;
    const now = clock.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
    const operator = await db.transaction().execute(async (trx) => {
      const row = await opsRepo.upsertInvited(trx, email, now);
      if (row.status === 'disabled') throw badRequest('This operator is disabled', 'DISABLED');
      await opsRepo.issueToken(trx, row.id, sha256(token), expiresAt, now);
      await opsRepo.audit(
        trx,
        {
          operatorId: row.id,
          via: 'cli',
          accountId: null,
          action: row.created ? 'operator.create' : 'operator.setup_link',
          detail: { email: email.trim().toLowerCase(), cliUser },
        },
        now,
      );
      return row;
    });
    return {
      operatorId: operator.id,
      created: operator.created,
      resets: operator.status === 'active',
      link: `${config.appUrl}/ops/setup?token=${encodeURIComponent(token)}`,
      expiresAt,
    };
  }

  /** What the setup page shows: the authenticator key this link enrols, as a QR code and text. */
  async setupInfo(token: string) {
    const live = await opsRepo.findLiveToken(this.deps.db, sha256(token), this.deps.clock.now());
    if (!live) throw LINK_INVALID();
    const secret = this.linkSecret(token);
    const otpauthUrl = authenticator.keyuri(live.email, 'Sapa Ops', secret);
    const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
    return { email: live.email, secret, otpauthUrl, qrCode };
  }

  /** Sets name, password and authenticator at once: the code proves the authenticator works. */
  async completeSetup(
    input: { token: string; name: string; password: string; pin: string },
    ip: string,
  ): Promise<{ operatorId: string }> {
    const { db, clock, secrets } = this.deps;
    const tokenHash = sha256(input.token);
    const keys = [`ops-setup:${tokenHash}`, `ops:${ip}`];
    await this.pinThrottle.admit(keys);
    const now = clock.now();
    const secret = this.linkSecret(input.token);
    const step = pinStep(secret, input.pin, now);
    const passwordHash = await hashPassword(input.password);
    const operatorId = await db.transaction().execute(async (trx) => {
      // Locked: two submissions of one link cannot both set a password.
      const live = await opsRepo.findLiveToken(trx, tokenHash, now, true);
      if (!live) throw LINK_INVALID();
      if (step === null) throw badRequest(MESSAGES.twoFactorInvalid, '2FA_INVALID');
      await opsRepo.useToken(trx, tokenHash, now);
      await opsRepo.activate(
        trx,
        live.id,
        { name: input.name, passwordHash, sealedSecret: secrets.seal(secret), step },
        now,
      );
      // A reset ends every session made with the old password.
      await opsRepo.revokeOperatorSessions(trx, live.id, now);
      await opsRepo.audit(
        trx,
        {
          operatorId: live.id,
          via: 'console',
          accountId: null,
          action: 'operator.setup',
          detail: { email: live.email, ip },
        },
        now,
      );
      return live.id;
    });
    await this.pinThrottle.passed(keys);
    return { operatorId };
  }

  async signIn(input: {
    email: string;
    password: string;
    ip: string;
    userAgent: string | null;
  }): Promise<OpsSession> {
    const { db, clock } = this.deps;
    const email = input.email.trim().toLowerCase();
    const keys = [`ops:${email} ${input.ip}`, `ops:${input.ip}`, `ops:${email}`];
    await this.loginThrottle.admit(keys);
    const operator = await opsRepo.findOperatorByEmail(db, email);
    const passwordOk = await verifyPassword(operator?.password_hash ?? null, input.password);
    if (!operator || !passwordOk || operator.status !== 'active' || !operator.two_factor_enabled)
      throw LOGIN_FAILED();
    await this.loginThrottle.passed(keys);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + PENDING_SESSION_MS);
    const sessionId = await opsRepo.createSession(
      db,
      {
        operatorId: operator.id,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        expiresAt,
      },
      now,
    );
    const principal: OperatorPrincipal = {
      operatorId: operator.id,
      sessionId,
      email: operator.email,
      name: operator.name,
      twoFactorVerified: false,
    };
    return { token: await this.sign(principal, expiresAt), expiresAt, operator: principal };
  }

  /** The second step of every sign-in: the session opens only with a fresh authenticator code. */
  async verifyPin(principal: OperatorPrincipal, pin: string, ip: string): Promise<OpsSession> {
    const { db, clock, secrets } = this.deps;
    const keys = [`ops:${principal.operatorId}`, `ops:${ip}`];
    await this.pinThrottle.admit(keys);
    const now = clock.now();
    const operator = await opsRepo.findOperator(db, principal.operatorId);
    if (!operator?.two_factor_secret) throw badRequest(MESSAGES.twoFactorInvalid, '2FA_INVALID');
    const step = pinStep(secrets.open(operator.two_factor_secret), pin, now);
    if (step === null) throw badRequest(MESSAGES.twoFactorInvalid, '2FA_INVALID');
    if (!(await opsRepo.useStep(db, operator.id, step)))
      throw badRequest(MESSAGES.twoFactorInvalid, '2FA_REUSED');
    await this.pinThrottle.passed(keys);
    const expiresAt = new Date(now.getTime() + SESSION_MS);
    await db.transaction().execute(async (trx) => {
      await opsRepo.markVerified(trx, principal.sessionId, expiresAt);
      await opsRepo.audit(
        trx,
        {
          operatorId: operator.id,
          via: 'console',
          accountId: null,
          action: 'operator.sign_in',
          detail: { ip },
        },
        now,
      );
    });
    const verified = { ...principal, twoFactorVerified: true };
    return { token: await this.sign(verified, expiresAt), expiresAt, operator: verified };
  }

  /** The caller of a console request, or null when the cookie is no live session of ours. */
  async authenticate(token: string): Promise<OperatorPrincipal | null> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const claims = await this.signer.verify(token, now);
    if (!claims) return null;
    const row = await opsRepo.findLiveSession(db, claims.sid, claims.sub, now);
    if (!row || !row.two_factor_enabled) return null;
    return {
      operatorId: row.id,
      sessionId: row.session_id,
      email: row.email,
      name: row.name,
      twoFactorVerified: row.two_factor_verified,
    };
  }

  async signOut(principal: OperatorPrincipal): Promise<void> {
    const now = this.deps.clock.now();
    await opsRepo.revokeSession(this.deps.db, principal.sessionId, now);
  }

  private sign(principal: OperatorPrincipal, expiresAt: Date): Promise<string> {
    return this.signer.sign(
      { operatorId: principal.operatorId, sessionId: principal.sessionId, expiresAt },
      this.deps.clock.now(),
    );
  }

  /**
   * The authenticator key a setup link enrols, derived from the link (never stored until the
   * setup succeeds): reloading the page shows the same key, and an active operator's current
   * key stays in force until the new one is proven.
   */
  private linkSecret(token: string): string {
    const bytes = createHmac('sha256', this.linkKey).update(token).digest().subarray(0, 20);
    return base32(bytes);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: the form authenticator apps take a key in. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
