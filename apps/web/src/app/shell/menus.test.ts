import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@sapa/contracts';
import { INTEGRATION_NAV, isActive, menuFor } from './menus';

const viewer = (role: Role, apiOnly = false) => ({ role, apiOnly });
const names = (role: Role, apiOnly = false) => menuFor(viewer(role, apiOnly)).map((i) => i.name);

describe('side menus (spec §2 names the minimum, §6 who may open what)', () => {
  it("gives agents the spec's agent menu without the pages they would be refused", () => {
    expect(names('agent')).toEqual([
      'dashboard',
      'chat',
      'broadcast',
      'ticket',
      'contact',
      'setting',
      'logout',
    ]);
  });

  it("takes an agent's Setting to their own profile", () => {
    expect(menuFor(viewer('agent')).find((i) => i.name === 'setting')?.to).toBe('/user-edit');
  });

  it('gives admins every page, with the inbox and the other work pages', () => {
    expect(names('admin')).toEqual([
      'dashboard',
      'chat',
      'broadcast',
      'template',
      'ticket',
      'contact',
      'setting',
      'integration',
      'report',
      'logout',
    ]);
    expect(menuFor(viewer('admin')).find((i) => i.name === 'template')?.to).toBe(
      '/broadcast/template',
    );
    expect(menuFor(viewer('admin')).find((i) => i.name === 'setting')?.to).toBe('/setting');
  });

  it('gives supervisors everything but Integration (spec §6)', () => {
    expect(names('supervisor')).toEqual(names('admin').filter((n) => n !== 'integration'));
  });

  it('gives an API-only account only the pages it may open (guard rule 7)', () => {
    expect(names('admin', true)).toEqual([
      'dashboard',
      'template',
      'setting',
      'integration',
      'report',
      'logout',
    ]);
    expect(names('agent', true)).toEqual(['dashboard', 'logout']);
  });

  it('links every item but logout', () => {
    for (const role of ROLES) {
      for (const entry of menuFor(viewer(role))) {
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
