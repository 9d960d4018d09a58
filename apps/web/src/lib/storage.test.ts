import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { User } from '@sapa/contracts';
import {
  clearAll,
  getAiEnabled,
  getApiOnly,
  getCachedBilling,
  getCachedSettings,
  getCachedUser,
  getChatState,
  getForbidden,
  getSidebarMini,
  getToken,
  getWhatsappType,
  resetSessionCache,
  setAiEnabled,
  setApiOnly,
  setCachedBilling,
  setCachedSettings,
  setCachedUser,
  setChatState,
  setForbidden,
  setSidebarMini,
  setToken,
  setWhatsappType,
  STORAGE_KEYS,
  subscribeToken,
} from './storage';

const user: User = {
  _id: 'u1',
  name: 'Sari',
  company: 'Toko Sari',
  email: 'sari@toko.id',
  role: 'admin',
  isTwoFactorAuthenticationEnabled: false,
  phone: null,
  divisionOnlyView: false,
  divisions: [],
  allChat: true,
  agentIds: [],
  status: 'active',
  accountId: 'a1',
  accountType: 'regular',
  language: 'en',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const account = {
  _id: 'a1',
  name: 'Toko Sari',
  type: 'regular' as const,
  timezone: 'Asia/Jakarta',
};
const billing = {
  balance: { saldo: 150000, orderId: null },
  subscription: {
    dueDate: '2025-02-01T00:00:00.000Z',
    billingPeriod: 'monthly',
    billingAmount: 99000,
    plan: { code: 'basic', name: 'Basic' },
    status: 'active' as const,
    graceEndsAt: null,
    renewalOpensAt: null,
  },
};

function fillEverything(): void {
  setToken('tok');
  setChatState({ open: 'c1' });
  setSidebarMini(true);
  setForbidden(true);
  setCachedUser({ user, account });
  setCachedBilling(billing);
  setCachedSettings({ 'bo.isCsat': 'true', webhook: null });
  setWhatsappType('waba');
  setAiEnabled(true);
  setApiOnly(false);
}

describe('where each value lives (spec §3 Persistence)', () => {
  it('keeps token, chat state, sidebar mini and forbidden flag in localStorage', () => {
    fillEverything();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.chatState)).toBe('{"open":"c1"}');
    expect(localStorage.getItem(STORAGE_KEYS.sidebarMini)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.forbidden)).toBe('true');
    expect(localStorage.length).toBe(4);
  });

  it('keeps user, billing, settings, WhatsApp type, AI and API-only flags in sessionStorage', () => {
    fillEverything();
    for (const key of [
      STORAGE_KEYS.user,
      STORAGE_KEYS.billing,
      STORAGE_KEYS.settings,
      STORAGE_KEYS.whatsappType,
      STORAGE_KEYS.aiEnabled,
      STORAGE_KEYS.apiOnly,
    ]) {
      expect(sessionStorage.getItem(key)).not.toBeNull();
    }
    expect(sessionStorage.length).toBe(6);
  });
});

describe('typed round trips', () => {
  it('reads back what was written', () => {
    fillEverything();
    expect(getToken()).toBe('tok');
    expect(getChatState(z.object({ open: z.string() }))).toEqual({ open: 'c1' });
    expect(getSidebarMini()).toBe(true);
    expect(getForbidden()).toBe(true);
    expect(getCachedUser()).toEqual({ user, account });
    expect(getCachedBilling()).toEqual(billing);
    expect(getCachedSettings()).toEqual({ 'bo.isCsat': 'true', webhook: null });
    expect(getWhatsappType()).toBe('waba');
    expect(getAiEnabled()).toBe(true);
    expect(getApiOnly()).toBe(false);
  });

  it('has the spec defaults when nothing is stored', () => {
    expect(getToken()).toBeNull();
    expect(getSidebarMini()).toBe(false);
    expect(getForbidden()).toBe(false);
    expect(getWhatsappType()).toBe('wabasic');
    expect(getAiEnabled()).toBeNull();
    expect(getApiOnly()).toBeNull();
    expect(getCachedUser()).toBeNull();
  });

  it('drops values that are corrupt or no longer match their shape', () => {
    sessionStorage.setItem(STORAGE_KEYS.user, '{not json');
    sessionStorage.setItem(STORAGE_KEYS.billing, JSON.stringify({ balance: 'lots' }));
    expect(getCachedUser()).toBeNull();
    expect(getCachedBilling()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.billing)).toBeNull();
    setChatState({ open: 5 });
    expect(getChatState(z.object({ open: z.string() }))).toBeNull();
  });

  it('removes the forbidden flag when set false', () => {
    setForbidden(true);
    setForbidden(false);
    expect(localStorage.getItem(STORAGE_KEYS.forbidden)).toBeNull();
  });
});

describe('token listeners', () => {
  it('are told about changes in this tab and in other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    setToken('a');
    setToken('a'); // unchanged: no second call
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith('a');

    localStorage.setItem(STORAGE_KEYS.token, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    expect(listener).toHaveBeenLastCalledWith('from-other-tab');

    unsubscribe();
    setToken('b');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('resetting', () => {
  it('resetSessionCache forgets only the fetched-once values', () => {
    fillEverything();
    resetSessionCache();
    expect(sessionStorage.length).toBe(0);
    expect(getToken()).toBe('tok');
    expect(getForbidden()).toBe(true);
    expect(getSidebarMini()).toBe(true);
  });

  it('clearAll drops the session and account data but keeps the sidebar preference', () => {
    fillEverything();
    localStorage.setItem('sapa.lang', 'id');
    const listener = vi.fn();
    subscribeToken(listener);
    clearAll();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
    expect(getChatState(z.unknown())).toBeNull();
    expect(getForbidden()).toBe(false);
    expect(sessionStorage.length).toBe(0);
    expect(getSidebarMini()).toBe(true);
    expect(localStorage.getItem('sapa.lang')).toBe('id');
  });
});
