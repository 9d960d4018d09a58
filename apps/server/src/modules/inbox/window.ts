import { LIMITS } from '@sapa/contracts';

/** The 24-hour customer window (spec §4): open while the customer's last message is < 24 h old. */
export function windowEndsAt(initiateAt: Date | null): Date | null {
  return initiateAt ? new Date(initiateAt.getTime() + LIMITS.customerWindowMs) : null;
}

export function isWindowOpen(initiateAt: Date | null, now: Date): boolean {
  const end = windowEndsAt(initiateAt);
  return end !== null && end.getTime() > now.getTime();
}
