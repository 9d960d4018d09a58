import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export const OPS_AUDIENCE = 'sapa-ops';

const claimsSchema = z.object({ sub: z.string(), sid: z.string(), aud: z.literal(OPS_AUDIENCE) });
export type OpsClaims = z.infer<typeof claimsSchema>;

/**
 * The operator session cookie's value: a JWT with its own audience, signed with a key derived
 * from JWT_SECRET for this purpose only. A tenant access token fails here (wrong key, no
 * audience), and this token fails at every tenant route and socket (wrong key), so neither kind
 * can stand in for the other even if the verifying code forgot to look at the audience.
 */
export class OpsTokenSigner {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = new Uint8Array(hkdfSync('sha256', appSecret, 'sapa', 'sapa-ops-session-v1', 32));
  }

  sign(claims: { operatorId: string; sessionId: string; expiresAt: Date }, now: Date) {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.operatorId)
      .setAudience(OPS_AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Null for anything but a live operator token of ours. */
  async verify(token: string, now: Date): Promise<OpsClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: OPS_AUDIENCE,
        currentDate: now,
      });
      const parsed = claimsSchema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
