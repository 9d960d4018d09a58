import { describe, expect, it } from 'vitest';
import { acceptBurst, noteAccepted } from './accept-gate.js';

describe('accept gate', () => {
  it('counts a burst only past 100 sends a second, and forgets it two seconds later', () => {
    const t = 1_000_000;
    for (let i = 0; i < 50; i++) noteAccepted(t + i);
    expect(acceptBurst(t + 100)).toBe(false);
    for (let i = 0; i < 60; i++) noteAccepted(t + 200 + i);
    expect(acceptBurst(t + 300)).toBe(true);
    // The next second starts quiet: the last full second still says burst, then it passes.
    noteAccepted(t + 1_000);
    expect(acceptBurst(t + 1_100)).toBe(true);
    expect(acceptBurst(t + 3_100)).toBe(false);
  });
});
