import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { profileChanges } from './components/ProfileCard';
import { managedRows } from './managedSettings';
import { changedSettings, invalidTimes, workspaceValues } from './workspaceSettings';

describe('workspace settings', () => {
  const stored = {
    timezone: 'Asia/Jakarta',
    agentWorkingHourStart: '08:00',
    agentWorkingHourEnd: '17:00',
    allowOfflineAssignment: 'false',
    isRouteDivision: null,
    fallbackAgent: '0b7c2a52-8d52-4c1e-9a53-1f0c5d6f6a01',
  };

  it('sends only changed keys, and clears the fallback agent with null', () => {
    const initial = workspaceValues(stored);
    expect(initial.isRouteDivision).toBe('false');
    const next = {
      ...initial,
      agentWorkingHourEnd: '21:30',
      isRouteDivision: 'true',
      fallbackAgent: '',
    };
    expect(changedSettings(next, initial)).toEqual([
      { key: 'agentWorkingHourEnd', value: '21:30' },
      { key: 'isRouteDivision', value: 'true' },
      { key: 'fallbackAgent', value: null },
    ]);
    expect(changedSettings(initial, initial)).toEqual([]);
  });

  it('accepts only 24-hour HH:mm times, like the server', () => {
    const values = {
      ...workspaceValues(stored),
      agentWorkingHourStart: '8:00',
      agentWorkingHourEnd: '24:00',
    };
    expect(invalidTimes(values)).toEqual(['agentWorkingHourStart', 'agentWorkingHourEnd']);
  });
});

describe('managed settings', () => {
  it('formats prices, percentages and flags and skips empty values', () => {
    const rows = managedRows({
      'bo.minimumBalance': '1500000',
      'bo.ppn': '11',
      'bo.isCsat': 'true',
      'bo.billing_period': 'monthly',
      'bo.due_date': null,
      'bo.broadcast_limit': 'not-a-number',
    });
    expect(rows).toEqual([
      { key: 'bo.billing_period', value: null, labelKey: 'managed.periods.monthly' },
      { key: 'bo.minimumBalance', value: 'Rp 1.500.000', labelKey: null },
      { key: 'bo.ppn', value: '11%', labelKey: null },
      { key: 'bo.broadcast_limit', value: 'not-a-number', labelKey: null },
      { key: 'bo.isCsat', value: null, labelKey: 'managed.yes' },
    ]);
  });
});

describe('profile changes', () => {
  const user = makeUser({
    name: 'Sari',
    email: 'sari@toko.id',
    company: 'Toko Sari',
    phone: '628111',
  });
  const same = { user_name: 'Sari', email: 'SARI@toko.id ', company: 'Toko Sari', phone: '628111' };

  it('sends nothing when nothing changed', () => {
    expect(profileChanges(same, user, true)).toEqual({});
  });

  it('sends the company only for admins, and never an emptied phone', () => {
    const values = { ...same, user_name: 'Sari W', company: 'Toko Baru', phone: '' };
    expect(profileChanges(values, user, false)).toEqual({ user_name: 'Sari W' });
    expect(profileChanges(values, user, true)).toEqual({
      user_name: 'Sari W',
      company: 'Toko Baru',
    });
  });
});
