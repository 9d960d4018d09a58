import { describe, expect, it } from 'vitest';
import { decodeClaims, isExpired } from './jwt';
import { makeToken } from '../test/tokens';

describe('decodeClaims', () => {
  it('reads the payload of a JWT', () => {
    const claims = decodeClaims(
      makeToken({ role: 'agent', isTwoFactorAuthenticated: true, exp: 5 }),
    );
    expect(claims).toMatchObject({ role: 'agent', isTwoFactorAuthenticated: true, exp: 5 });
  });

  it('handles base64url characters and UTF-8', () => {
    const token = makeToken({ sub: 'ü-?>>~' });
    expect(decodeClaims(token)?.sub).toBe('ü-?>>~');
  });

  it('returns null for anything malformed', () => {
    expect(decodeClaims(null)).toBeNull();
    expect(decodeClaims('')).toBeNull();
    expect(decodeClaims('abc')).toBeNull();
    expect(decodeClaims('a.!!!.c')).toBeNull();
    expect(decodeClaims(`a.${btoa('{"role":"king"}')}.c`)).toBeNull();
  });
});

describe('isExpired', () => {
  it('is expired from the exp second on', () => {
    const claims = decodeClaims(makeToken({ exp: 1000 }));
    if (!claims) throw new Error('token did not decode');
    expect(isExpired(claims, 999_999)).toBe(false);
    expect(isExpired(claims, 1_000_000)).toBe(true);
  });
});
