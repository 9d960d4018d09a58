import { describe, expect, it } from 'vitest';
import type { Presence } from '@sapa/contracts';
import {
  clockIn,
  greetingPayload,
  greetingPreview,
  handoverPayload,
  hoursPayload,
  hoursValues,
  moveItem,
  presenceState,
  sortPresence,
  upsertPresence,
  validateGreeting,
  validateHours,
  withinHours,
} from './routingForm';

const SALES = '11111111-1111-4111-8111-111111111111';
const SUPPORT = '22222222-2222-4222-8222-222222222222';
const names = new Map([
  [SALES, 'Sales'],
  [SUPPORT, 'Support'],
]);

describe('working hours form', () => {
  const initial = hoursValues({ agentWorkingHourStart: '08:00', statusAutoResponder: 'false' });

  it('reads stored settings with the server defaults', () => {
    expect(initial).toEqual({
      agentWorkingHourStart: '08:00',
      agentWorkingHourEnd: '17:00',
      noOnlineAgentResMsg: '',
      statusAutoResponder: false,
      welcomeMessage: '',
    });
  });

  it('sends only what changed, booleans as strings and emptied texts as null', () => {
    const changed = {
      ...initial,
      agentWorkingHourEnd: '22:30',
      statusAutoResponder: true,
      noOnlineAgentResMsg: '  We are closed  ',
    };
    expect(hoursPayload(changed, initial)).toEqual([
      { key: 'agentWorkingHourEnd', value: '22:30' },
      { key: 'noOnlineAgentResMsg', value: 'We are closed' },
      { key: 'statusAutoResponder', value: 'true' },
    ]);
    const cleared = { ...changed, noOnlineAgentResMsg: '   ' };
    expect(hoursPayload(cleared, changed)).toEqual([{ key: 'noOnlineAgentResMsg', value: null }]);
  });

  it('refuses bad times, long messages and a responder with nothing to say', () => {
    expect(validateHours({ ...initial, agentWorkingHourStart: '24:00' })).toEqual({
      agentWorkingHourStart: 'errors.time',
    });
    expect(validateHours({ ...initial, welcomeMessage: 'x'.repeat(1001) })).toEqual({
      welcomeMessage: 'errors.messageTooLong',
    });
    expect(validateHours({ ...initial, statusAutoResponder: true })).toEqual({
      noOnlineAgentResMsg: 'errors.responderNeedsText',
    });
    expect(validateHours({ ...initial, statusAutoResponder: true, welcomeMessage: 'Hi' })).toEqual(
      {},
    );
  });

  it('knows whether a clock is inside the hours, like the server', () => {
    expect(withinHours('08:00', '08:00', '17:00')).toBe(true);
    expect(withinHours('17:00', '08:00', '17:00')).toBe(false);
    expect(withinHours('23:30', '22:00', '06:00')).toBe(true);
    expect(withinHours('12:00', '22:00', '06:00')).toBe(false);
    expect(withinHours('03:00', '09:00', '09:00')).toBe(true);
  });

  it('reads the clock in the account time zone', () => {
    const at = new Date('2026-01-01T23:05:00Z');
    expect(clockIn('Asia/Jakarta', at)).toBe('06:05');
    expect(clockIn('UTC', at)).toBe('23:05');
  });
});

describe('assignment form', () => {
  it('posts only the changed fields', () => {
    const initial = {
      currentAutoAssign: false,
      isRouteDivision: false,
      allowOfflineAssignment: false,
      autoHandoverIfOnline: false,
      fallbackAgent: null,
    };
    expect(handoverPayload(initial, initial)).toEqual({});
    expect(
      handoverPayload({ ...initial, currentAutoAssign: true, fallbackAgent: SALES }, initial),
    ).toEqual({ currentAutoAssign: true, fallbackAgent: SALES });
    expect(handoverPayload(initial, { ...initial, fallbackAgent: SALES })).toEqual({
      fallbackAgent: null,
    });
  });
});

describe('greeting form', () => {
  it('numbers the divisions in the chosen order in the preview', () => {
    const values = { text: ' Hi! Which team? ', divisionIds: [SUPPORT, SALES] };
    expect(greetingPreview(values, names)).toBe('Hi! Which team?\n\n1. Support\n2. Sales');
    const swapped = { ...values, divisionIds: moveItem(values.divisionIds, 1, -1) };
    expect(greetingPreview(swapped, names)).toBe('Hi! Which team?\n\n1. Sales\n2. Support');
  });

  it('moves items and ignores moves off the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('mirrors the contract: text, at least one division, at most ten, no repeats', () => {
    expect(validateGreeting({ text: '  ', divisionIds: [] })).toEqual({
      text: 'errors.greetingText',
      divisionIds: 'errors.greetingDivisions',
    });
    expect(validateGreeting({ text: 'x'.repeat(1001), divisionIds: [SALES] })).toEqual({
      text: 'errors.greetingTooLong',
    });
    expect(validateGreeting({ text: 'Hi', divisionIds: [SALES, SALES] })).toEqual({
      divisionIds: 'errors.greetingRepeated',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `${SALES.slice(0, -2)}${10 + i}`);
    expect(validateGreeting({ text: 'Hi', divisionIds: eleven })).toEqual({
      divisionIds: 'errors.greetingTooMany',
    });
    expect(greetingPayload({ text: ' Hi ', divisionIds: [SALES] })).toEqual({
      text: 'Hi',
      divisionIds: [SALES],
    });
  });
});

describe('team presence', () => {
  const person = (name: string, online: boolean, connected: boolean): Presence => ({
    userId: name,
    name,
    role: 'agent',
    status: online ? 'online' : 'away',
    online,
    connected,
    lastSeenAt: null,
  });

  it('orders online, away, offline and folds updates in', () => {
    const list = [
      person('Zed', true, true),
      person('Ana', false, false),
      person('Bo', false, true),
    ];
    expect(sortPresence(list).map((p) => [p.name, presenceState(p)])).toEqual([
      ['Zed', 'online'],
      ['Bo', 'away'],
      ['Ana', 'offline'],
    ]);
    const next = upsertPresence(list, person('Ana', true, true));
    expect(next.find((p) => p.name === 'Ana')?.online).toBe(true);
    expect(upsertPresence(list, person('New', true, true))).toHaveLength(4);
  });
});
