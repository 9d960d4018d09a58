import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like.js';

describe('LIKE patterns from user text', () => {
  it('takes %, _ and \\ literally', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containsPattern('a%b')).toBe('%a\\%b%');
  });
});
