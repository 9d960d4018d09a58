import { tokenPayloadSchema, type TokenPayload } from '@sapa/contracts';

export type TokenClaims = TokenPayload;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the access token's claims without verifying the signature: the server verifies every
 * call; the client only needs exp/role/2FA to route. Returns null for anything malformed.
 */
export function decodeClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = tokenPayloadSchema.safeParse(JSON.parse(base64UrlDecode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A token is expired from its `exp` second on. */
export function isExpired(claims: TokenClaims, now: number): boolean {
  return claims.exp * 1000 <= now;
}
