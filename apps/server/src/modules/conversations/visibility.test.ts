import { describe, expect, it } from 'vitest';
import { canSeeChat, type ChatAudience, type Viewer } from './visibility.js';

const A = 'acc-a';
const viewer = (over: Partial<Viewer>): Viewer => ({
  userId: 'me',
  accountId: A,
  role: 'agent',
  divisionIds: [],
  divisionOnlyView: false,
  allChat: false,
  agentIds: [],
  ...over,
});
const chat = (over: Partial<ChatAudience>): ChatAudience => ({
  accountId: A,
  agentId: null,
  divisionIds: [],
  agentDivisionIds: [],
  ...over,
});

describe('canSeeChat (spec §6)', () => {
  it('never crosses accounts', () => {
    expect(canSeeChat(viewer({ role: 'admin' }), chat({ accountId: 'other' }))).toBe(false);
  });

  it('admin sees every chat', () => {
    const admin = viewer({ role: 'admin' });
    expect(canSeeChat(admin, chat({}))).toBe(true);
    expect(canSeeChat(admin, chat({ agentId: 'x', agentDivisionIds: ['d9'] }))).toBe(true);
  });

  it.each([
    ['chat division matches', chat({ divisionIds: ['d1'] }), true],
    ["agent's division matches", chat({ agentId: 'x', agentDivisionIds: ['d1'] }), true],
    ['other division', chat({ divisionIds: ['d2'] }), false],
    ['unassigned without division', chat({}), false],
    ['assigned to self', chat({ agentId: 'me' }), true],
  ])('division-only user: %s', (_name, c, expected) => {
    for (const role of ['admin', 'supervisor', 'agent'] as const) {
      expect(canSeeChat(viewer({ role, divisionOnlyView: true, divisionIds: ['d1'] }), c)).toBe(
        expected,
      );
    }
  });

  it.each([
    ['own chat', chat({ agentId: 'me' }), true],
    ['supervised agent', chat({ agentId: 'a1' }), true],
    ['other agent', chat({ agentId: 'a2' }), false],
    ['unassigned with a division', chat({ divisionIds: ['d5'] }), true],
    ['unassigned without a division', chat({}), false],
  ])('supervisor: %s', (_name, c, expected) => {
    expect(canSeeChat(viewer({ role: 'supervisor', agentIds: ['a1'] }), c)).toBe(expected);
  });

  it.each([
    ['assigned to me', chat({ agentId: 'me' }), true],
    ['assigned to another agent', chat({ agentId: 'x' }), false],
    ['unassigned in my division', chat({ divisionIds: ['d1'] }), true],
    ['unassigned in another division', chat({ divisionIds: ['d2'] }), false],
    ['unassigned, no division', chat({}), true],
  ])('agent without allChat: %s', (_name, c, expected) => {
    expect(canSeeChat(viewer({ divisionIds: ['d1'] }), c)).toBe(expected);
  });

  it('agent with allChat sees every chat', () => {
    expect(canSeeChat(viewer({ allChat: true }), chat({ agentId: 'x', divisionIds: ['d2'] }))).toBe(
      true,
    );
  });
});
