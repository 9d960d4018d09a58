import { describe, expect, it } from 'vitest';
import type { ComposerWindow as ServerWindow } from '@sapa/contracts';
import { timeLeft, windowEnd, windowView } from './replyWindow';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
const state = (
  window: ServerWindow | undefined,
  value = true,
  windowEndsAt: string | null = null,
) => ({
  chatId: 'c',
  value,
  windowEndsAt,
  ...(window ? { window } : {}),
});

describe('windowView', () => {
  it("reads the server's phase and its end", () => {
    const open: ServerWindow = {
      phase: 'open',
      endsAt: at(5),
      outsideWindow: 'human_agent_replies',
      refusal: null,
    };
    expect(windowView(state(open), 'messenger', NOW)).toEqual({
      kind: 'open',
      endsAt: NOW + 5 * 3_600_000,
    });
    const human: ServerWindow = {
      phase: 'human_agent',
      endsAt: at(100),
      outsideWindow: 'human_agent_replies',
      refusal: null,
    };
    expect(windowView(state(human), 'instagram', NOW)).toMatchObject({ kind: 'human_agent' });
    const closed: ServerWindow = {
      phase: 'closed',
      endsAt: null,
      outsideWindow: 'human_agent_replies',
      refusal: 'human_agent_off',
    };
    expect(windowView(state(closed, false), 'messenger', NOW)).toEqual({
      kind: 'closed',
      refusal: 'human_agent_off',
    });
    expect(
      windowView(
        state({ phase: 'none', endsAt: null, outsideWindow: null, refusal: null }),
        'whatsapp',
        NOW,
      ),
    ).toEqual({ kind: 'none' });
  });

  it('after a phase ends, a page channel stays usable for a person and WhatsApp closes', () => {
    const ended: ServerWindow = {
      phase: 'open',
      endsAt: at(-1),
      outsideWindow: 'human_agent_replies',
      refusal: null,
    };
    expect(windowView(state(ended), 'instagram', NOW)).toEqual({
      kind: 'human_agent',
      endsAt: null,
    });
    const wa: ServerWindow = {
      phase: 'open',
      endsAt: at(-1),
      outsideWindow: 'templates',
      refusal: null,
    };
    expect(windowView(state(wa), 'whatsapp', NOW)).toEqual({
      kind: 'closed',
      refusal: 'templates_only',
    });
    const human: ServerWindow = {
      phase: 'human_agent',
      endsAt: at(-1),
      outsideWindow: 'human_agent_replies',
      refusal: null,
    };
    expect(windowView(state(human), 'messenger', NOW)).toEqual({
      kind: 'closed',
      refusal: 'human_agent_expired',
    });
  });

  it("reads a server that answers only WhatsApp's value and end", () => {
    expect(windowView(state(undefined, true, at(2)), 'whatsapp', NOW)).toEqual({
      kind: 'open',
      endsAt: NOW + 2 * 3_600_000,
    });
    expect(windowView(state(undefined, true, at(-2)), 'whatsapp', NOW)).toEqual({
      kind: 'closed',
      refusal: 'templates_only',
    });
    expect(windowView(state(undefined, false), 'whatsapp', NOW)).toEqual({
      kind: 'closed',
      refusal: 'templates_only',
    });
    expect(windowView(undefined, 'whatsapp', NOW)).toEqual({ kind: 'none' });
  });

  it('windowEnd is the end of a running phase only', () => {
    expect(windowEnd({ kind: 'open', endsAt: 5 })).toBe(5);
    expect(windowEnd({ kind: 'closed', refusal: 'templates_only' })).toBeNull();
  });
});

describe('timeLeft', () => {
  it('says days and hours, hours and minutes, or minutes', () => {
    expect(timeLeft((6 * 24 + 3) * 3_600_000 + 60_000)).toMatchObject({ key: 'days', d: 6, h: 3 });
    expect(timeLeft(5 * 3_600_000 + 12 * 60_000)).toMatchObject({ key: 'hours', h: 5, m: 12 });
    expect(timeLeft(59 * 60_000)).toMatchObject({ key: 'minutes', m: 59 });
    expect(timeLeft(10_000)).toMatchObject({ key: 'minutes', m: 1 });
    // Just under a day is 24 hours, never "0 h 0 min".
    expect(timeLeft(24 * 3_600_000 - 10_000)).toMatchObject({ key: 'hours', h: 24, m: 0 });
    expect(timeLeft(60 * 60_000 - 10_000)).toMatchObject({ key: 'hours', h: 1, m: 0 });
  });
});
