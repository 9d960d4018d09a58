import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';
import { daysUntil, inRenewalWindow } from './session-helpers';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 1, 12);

describe('safeRedirect', () => {
  it('keeps paths inside the app', () => {
    expect(safeRedirect('/setting/agent-settings?tab=divisions')).toBe(
      '/setting/agent-settings?tab=divisions',
    );
  });
  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/login',
    '/login/2fa',
  ])('falls back to home for %s', (from) => {
    expect(safeRedirect(from)).toBe('/');
  });
});

describe('subscription dates', () => {
  const sub = (dueDate: string | null) => ({
    dueDate,
    billingPeriod: 'monthly',
    billingAmount: 1,
    plan: null,
    status: 'trial' as const,
    graceEndsAt: dueDate,
    renewalOpensAt: null,
  });

  it('counts days left, 0 on the last day, and goes negative once past', () => {
    expect(daysUntil(new Date(NOW + 3 * DAY + 1000).toISOString(), NOW, 'UTC')).toBe(3);
    expect(daysUntil(new Date(NOW + 2 * 3600 * 1000).toISOString(), NOW, 'UTC')).toBe(0);
    expect(daysUntil(new Date(NOW - 1000).toISOString(), NOW, 'UTC')).toBe(-1);
    expect(daysUntil(new Date(NOW - 3 * DAY).toISOString(), NOW, 'UTC')).toBe(-3);
    expect(daysUntil(null, NOW)).toBeNull();
    expect(daysUntil('not a date', NOW)).toBeNull();
  });

  it('says 14 days left on the day a 14-day trial starts, whatever the hour', () => {
    for (const hour of [0, 9, 23]) {
      // Started at that hour in Jakarta (UTC+7), due 14 days later to the millisecond.
      const started = Date.UTC(2025, 10, 25, hour - 7, 30);
      const due = new Date(started + 14 * DAY).toISOString();
      expect(daysUntil(due, started, 'Asia/Jakarta')).toBe(14);
      expect(daysUntil(due, started + 60_000, 'Asia/Jakarta')).toBe(14);
    }
  });

  it("counts calendar days in the account's time zone", () => {
    // Due 1 Dec 2025 at 10:00 in Jakarta (03:00 UTC).
    const due = new Date(Date.UTC(2025, 11, 1, 3)).toISOString();
    // 30 Nov 23:30 in Jakarta: tomorrow, though only 3.5 hours away.
    expect(daysUntil(due, Date.UTC(2025, 10, 30, 16, 30), 'Asia/Jakarta')).toBe(1);
    // 1 Dec 00:30 in Jakarta: the last day.
    expect(daysUntil(due, Date.UTC(2025, 10, 30, 17, 30), 'Asia/Jakarta')).toBe(0);
    // In New York the due instant is 30 Nov 22:00, the same day as 30 Nov 11:30: ends today.
    expect(daysUntil(due, Date.UTC(2025, 10, 30, 16, 30), 'America/New_York')).toBe(0);
    // Past the due instant it is over, even on the same calendar day.
    expect(daysUntil(due, Date.UTC(2025, 11, 1, 4), 'Asia/Jakarta')).toBe(-1);
  });

  it('opens renewal 7 days before the due date and closes it at expiry', () => {
    expect(inRenewalWindow(sub(new Date(NOW + 7 * DAY).toISOString()), NOW)).toBe(true);
    expect(inRenewalWindow(sub(new Date(NOW + 7 * DAY + 1).toISOString()), NOW)).toBe(false);
    expect(inRenewalWindow(sub(new Date(NOW - 1).toISOString()), NOW)).toBe(false);
    expect(inRenewalWindow(sub(null), NOW)).toBe(false);
  });

  it('keeps renewal open through the grace the server names', () => {
    const pastDue = { ...sub(new Date(NOW - DAY).toISOString()) };
    expect(inRenewalWindow({ ...pastDue, graceEndsAt: new Date(NOW + 1).toISOString() }, NOW)).toBe(
      true,
    );
    expect(inRenewalWindow({ ...pastDue, graceEndsAt: new Date(NOW).toISOString() }, NOW)).toBe(
      false,
    );
  });
});
