import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { profileChanges } from './components/ProfileCard';
import { managedRows } from './managedSettings';
import { changedSettings, workspaceValues } from './workspaceSettings';

describe('workspace settings', () => {
  it('sends the time zone only when it changed', () => {
    const initial = workspaceValues({ timezone: 'Asia/Jakarta', agentWorkingHourStart: '08:00' });
    expect(initial).toEqual({ timezone: 'Asia/Jakarta' });
    expect(changedSettings({ timezone: 'Asia/Makassar' }, initial)).toEqual([
      { key: 'timezone', value: 'Asia/Makassar' },
    ]);
    expect(changedSettings(initial, initial)).toEqual([]);
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
