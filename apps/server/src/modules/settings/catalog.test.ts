import { describe, expect, it } from 'vitest';
import { BACKOFFICE_KEYS, SETTING_KEYS } from '@sapa/contracts';
import {
  checkSettingValue,
  effectiveSettings,
  isPlatformOwned,
  maskSecret,
  resolveSettingKey,
  type SettingsSource,
} from './catalog.js';

const source = (overrides: Partial<SettingsSource> = {}): SettingsSource => ({
  stored: new Map(),
  account: {
    type: 'regular',
    timezone: 'Asia/Jakarta',
    createdAt: new Date('2026-01-01T00:00:00Z'),
  },
  subscription: null,
  saldo: 0,
  ...overrides,
});
const valueOf = (list: { key: string; value: string | null }[], key: string) =>
  list.find((s) => s.key === key)?.value;

describe('effectiveSettings', () => {
  it('lists every key once, in SETTING_KEYS order, with the platform defaults', () => {
    const list = effectiveSettings(source());
    expect(list.map((s) => s.key)).toEqual([...SETTING_KEYS]);
    expect(valueOf(list, 'bo.isCsat')).toBe('false');
    expect(valueOf(list, 'bo.api_only')).toBe('false');
    expect(valueOf(list, 'whatsapp-type')).toBe('wabasic');
    expect(valueOf(list, 'bo.minimumBalance')).toBe('50000');
    expect(valueOf(list, 'bo.ppn')).toBe('11');
    expect(valueOf(list, 'enable_ai')).toBe('false');
    expect(valueOf(list, 'bo.wabaChannelLimit')).toBe('1');
    expect(valueOf(list, 'bo.igChannelLimit')).toBe('1');
    expect(valueOf(list, 'bo.messengerChannelLimit')).toBe('1');
    expect(valueOf(list, 'currentAutoAssign')).toBe('false');
    expect(valueOf(list, 'timezone')).toBe('Asia/Jakarta');
    expect(valueOf(list, 'bo.billing_period')).toBeNull();
    expect(valueOf(list, 'bo.due_date')).toBeNull();
    expect(valueOf(list, 'bo.onboardingDate')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('prefers stored values over defaults', () => {
    const list = effectiveSettings(
      source({
        stored: new Map([
          ['bo.isCsat', 'true'],
          ['welcomeMessage', 'Hi!'],
        ]),
      }),
    );
    expect(valueOf(list, 'bo.isCsat')).toBe('true');
    expect(valueOf(list, 'welcomeMessage')).toBe('Hi!');
  });

  it('derives api_only, billing period, due date, saldo and time zone from their own records', () => {
    const list = effectiveSettings(
      source({
        stored: new Map([
          ['bo.api_only', 'false'],
          ['bo.due_date', '2020-01-01'],
          ['saldo', '5'],
        ]),
        account: { type: 'api_only', timezone: 'Asia/Makassar', createdAt: new Date() },
        subscription: { billingPeriod: 'monthly', dueDate: new Date('2026-02-01T00:00:00Z') },
        saldo: 1250.5,
      }),
    );
    expect(valueOf(list, 'bo.api_only')).toBe('true');
    expect(valueOf(list, 'bo.billing_period')).toBe('monthly');
    expect(valueOf(list, 'bo.due_date')).toBe('2026-02-01T00:00:00.000Z');
    expect(valueOf(list, 'saldo')).toBe('1250.5');
    expect(valueOf(list, 'timezone')).toBe('Asia/Makassar');
  });

  it('never returns the API token in clear', () => {
    const token = 'sk_live_0123456789abcdefWXYZ';
    const list = effectiveSettings(source({ stored: new Map([['token', token]]) }));
    expect(valueOf(list, 'token')).toBe('********WXYZ');
    expect(maskSecret('short')).toBe('********');
  });
});

describe('resolveSettingKey', () => {
  it.each([
    ['billing_period', 'bo.billing_period'],
    ['due_date', 'bo.due_date'],
    ['minimumBalance', 'bo.minimumBalance'],
    ['settings-bo-minimum-balance', 'bo.minimumBalance'],
    ['ppn', 'bo.ppn'],
    ['settings-bo-ppn', 'bo.ppn'],
    ['payment_gateway', 'bo.payment_gateway'],
    ['api_only', 'bo.api_only'],
    ['csat', 'bo.isCsat'],
    ['greeting_assignment', 'bo.enableGreetingAssignment'],
    ['division_assignment', 'bo.enableDivisionAssignment'],
    ['whatsapp-type', 'whatsapp-type'],
    ['bo.isCsat', 'bo.isCsat'],
  ])('%s → %s', (alias, key) => expect(resolveSettingKey(alias)).toBe(key));

  it('returns null for an unknown key', () => expect(resolveSettingKey('nope')).toBeNull());
});

describe('isPlatformOwned', () => {
  it('covers every back-office key and the API token, not account keys', () => {
    for (const key of BACKOFFICE_KEYS) expect(isPlatformOwned(key)).toBe(true);
    expect(isPlatformOwned('token')).toBe(true);
    expect(isPlatformOwned('welcomeMessage')).toBe(false);
    expect(isPlatformOwned('enable_ai')).toBe(false);
  });
});

describe('checkSettingValue', () => {
  it.each([
    ['currentAutoAssign', 'true', null],
    ['currentAutoAssign', 'yes', "currentAutoAssign must be 'true' or 'false'"],
    ['agentWorkingHourStart', '08:30', null],
    [
      'agentWorkingHourStart',
      '8:30',
      'agentWorkingHourStart must be a time in HH:mm (24-hour), for example 08:00',
    ],
    [
      'agentWorkingHourEnd',
      '24:00',
      'agentWorkingHourEnd must be a time in HH:mm (24-hour), for example 08:00',
    ],
    ['webhook', 'https://example.com/hook', null],
    [
      'webhook',
      'ftp://example.com',
      'webhook must be a full http or https URL, for example https://example.com/webhook',
    ],
    [
      'webhook',
      'not a url',
      'webhook must be a full http or https URL, for example https://example.com/webhook',
    ],
    ['whatsapp-type', 'waba', null],
    ['whatsapp-type', 'other', 'whatsapp-type must be one of: wabasic, waba'],
    ['timezone', 'Asia/Jayapura', null],
    ['timezone', 'Mars/Olympus', 'timezone must be an IANA time zone such as Asia/Jakarta'],
    ['timezone', 'EST', 'timezone must be an IANA time zone such as Asia/Jakarta'],
    ['fallbackAgent', 'x', 'fallbackAgent must be a user id'],
    ['welcomeMessage', 'a'.repeat(1001), 'welcomeMessage may not be more than 1000 characters'],
  ] as const)('%s = %j → %j', (key, value, error) => {
    expect(checkSettingValue(key, value).error).toBe(error);
  });

  it('trims, canonicalises time zones, and lets null or an emptied URL reset to the default', () => {
    expect(checkSettingValue('welcomeMessage', '  Hello  ').value).toBe('Hello');
    expect(checkSettingValue('timezone', 'asia/jakarta')).toEqual({
      value: 'Asia/Jakarta',
      error: null,
    });
    expect(checkSettingValue('webhook', '')).toEqual({ value: null, error: null });
    expect(checkSettingValue('enable_ai', null)).toEqual({ value: null, error: null });
    expect(checkSettingValue('enable_ai', '').error).toBe("enable_ai must be 'true' or 'false'");
  });
});
