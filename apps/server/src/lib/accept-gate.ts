/**
 * Lets background sending give way to an accept burst (issue 19's API send rate). In a process
 * that both answers `POST /api/messages` and drains the queue (role `all`), every message
 * drained costs CPU (the provider call, its status webhooks, the provider's own work on a shared
 * host) that the accept path then lacks: draining at full speed during an integrator's burst cut
 * the accept rate by two thirds on two cores, and holding back only while the event loop was
 * saturated still by half (the contention is the machine's cores, not the loop). A message
 * accepted is durable; its sending can wait a moment. So while sends arrive faster than
 * BURST_PER_SECOND, a stored batch waits (up to a bound, so the drain never stops), and goes at
 * full speed as soon as the burst ends; at an integrator's steady pace nothing waits. A
 * worker-only process never accepts: its drain is never held.
 */
const BURST_PER_SECOND = 100;

let windowStart = 0;
let inWindow = 0;
let lastWindow = 0;

/** The accept path took a send (a counter per second). */
export function noteAccepted(now = Date.now()): void {
  if (now - windowStart >= 1000) {
    lastWindow = now - windowStart < 2000 ? inWindow : 0;
    windowStart = now;
    inWindow = 0;
  }
  inWindow++;
}

/** Whether sends are arriving in a burst now (this second's or the last full second's pace). */
export function acceptBurst(now = Date.now()): boolean {
  if (now - windowStart >= 2000) return false;
  const current = now - windowStart < 1000 ? inWindow : 0;
  return Math.max(current, lastWindow) > BURST_PER_SECOND;
}

/** Waits while an accept burst lasts, at most `maxWaitMs`. */
export async function giveWayToAccepts(maxWaitMs: number): Promise<void> {
  const until = Date.now() + maxWaitMs;
  while (acceptBurst() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}
