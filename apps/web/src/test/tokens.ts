import type { Role } from '@sapa/contracts';

export interface TestClaims {
  role?: Role;
  isTwoFactorAuthenticated?: boolean;
  /** Seconds since epoch. */
  exp?: number;
  iat?: number;
  sub?: string;
}

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT-shaped token for tests; the client never verifies signatures. */
export function makeToken(claims: TestClaims = {}): string {
  const payload = {
    sub: claims.sub ?? 'user-1',
    acc: 'account-1',
    sid: 'session-1',
    role: claims.role ?? 'admin',
    isTwoFactorAuthenticated: claims.isTwoFactorAuthenticated ?? false,
    iat: claims.iat ?? 1_700_000_000,
    exp: claims.exp ?? 4_000_000_000,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}
