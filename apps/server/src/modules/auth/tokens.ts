import { jwtVerify, SignJWT } from 'jose';
import { tokenPayloadSchema, type Role, type TokenPayload } from '@sapa/contracts';

export interface AccessClaims {
  userId: string;
  accountId: string;
  sessionId: string;
  role: Role;
  isTwoFactorAuthenticated: boolean;
}

/** HS256 access tokens carrying the spec's claims (iat, exp, role, isTwoFactorAuthenticated). */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      acc: claims.accountId,
      sid: claims.sessionId,
      role: claims.role,
      isTwoFactorAuthenticated: claims.isTwoFactorAuthenticated,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** Throws when the signature, shape or expiry is wrong. */
  async verify(token: string, now: Date): Promise<TokenPayload> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: ['HS256'],
      currentDate: now,
    });
    // Tenant tokens carry no audience; an operator console token (aud 'sapa-ops') is never one.
    if (payload.aud !== undefined) throw new Error('not a tenant access token');
    return tokenPayloadSchema.parse(payload);
  }
}
