import { describe, expect, it } from 'vitest';
import { INTEGRATION_NAV, isActive, menuFor } from './menus';

describe('side menus (spec §2)', () => {
  it('gives agents exactly their menu', () => {
    expect(menuFor('agent').map((i) => i.name)).toEqual([
      'dashboard',
      'chat',
      'broadcast',
      'ticket',
      'contact',
      'setting',
      'integration',
      'report',
      'logout',
    ]);
  });

  it('gives admins and supervisors exactly theirs', () => {
    const expected = ['dashboard', 'template', 'setting', 'integration', 'report', 'logout'];
    expect(menuFor('admin').map((i) => i.name)).toEqual(expected);
    expect(menuFor('supervisor').map((i) => i.name)).toEqual(expected);
    expect(menuFor('admin').find((i) => i.name === 'template')?.to).toBe('/broadcast/template');
  });

  it('links every item but logout', () => {
    for (const role of ['admin', 'supervisor', 'agent'] as const) {
      for (const entry of menuFor(role)) {
        expect(entry.to === undefined).toBe(entry.name === 'logout');
      }
    }
  });
});

describe('isActive', () => {
  it('matches home exactly and other items by subtree', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/chat')).toBe(false);
    expect(isActive('/broadcast', '/broadcast/result/1')).toBe(true);
    expect(isActive('/broadcast', '/broadcasts')).toBe(false);
    expect(isActive('/setting', '/setting/agent-settings')).toBe(true);
  });

  it('integration sub-nav stays inside /integration', () => {
    expect(INTEGRATION_NAV.every((i) => i.to.startsWith('/integration'))).toBe(true);
  });
});
