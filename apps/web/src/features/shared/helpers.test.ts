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

  it('counts whole days left and goes negative once past', () => {
    expect(daysUntil(new Date(NOW + 3 * DAY + 1000).toISOString(), NOW)).toBe(3);
    expect(daysUntil(new Date(NOW + 2 * 3600 * 1000).toISOString(), NOW)).toBe(0);
    expect(daysUntil(new Date(NOW - 1000).toISOString(), NOW)).toBe(-1);
    expect(daysUntil(null, NOW)).toBeNull();
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
