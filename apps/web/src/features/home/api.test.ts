import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { summarizeTeam } from './api';

describe('summarizeTeam', () => {
  it('counts active members by role and pending invitations apart', () => {
    expect(
      summarizeTeam([
        makeUser({ role: 'admin' }),
        makeUser({ role: 'agent' }),
        makeUser({ role: 'agent' }),
        makeUser({ role: 'supervisor', status: 'invited' }),
        makeUser({ role: 'agent', status: 'deactivated' }),
      ]),
    ).toEqual({ admin: 1, supervisor: 0, agent: 2, active: 3, invited: 1 });
  });
});
