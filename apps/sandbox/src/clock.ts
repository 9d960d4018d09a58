/** Time source in epoch milliseconds; tests pass a manual one to step past the 24-hour window. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private current = Date.parse('2026-01-15T03:00:00Z')) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
