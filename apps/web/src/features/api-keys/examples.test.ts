import { describe, expect, it } from 'vitest';
import { SCOPES } from '@sapa/contracts';
import { curlSendTemplate, curlSendText, expiryFrom, scopeGroups } from './examples';

describe('API page helpers', () => {
  it('groups every scope once by its resource', () => {
    const groups = scopeGroups();
    expect(groups.flatMap((g) => g.scopes)).toEqual([...SCOPES]);
    expect(groups.find((g) => g.resource === 'messages')?.scopes).toEqual([
      'messages:send',
      'messages:read',
    ]);
  });

  it('dates an expiry in days from now, or never', () => {
    const now = new Date('2026-11-26T00:00:00.000Z');
    expect(expiryFrom('never', now)).toBeNull();
    expect(expiryFrom('30', now)).toBe('2026-12-26T00:00:00.000Z');
  });

  it('builds curl with the origin and key, quoted for the shell', () => {
    const text = curlSendText('https://app.example.com', "sapa_live_ab'c");
    expect(text).toContain("'https://app.example.com/api/messages'");
    expect(text).toContain("'Authorization: Bearer sapa_live_ab'\\''c'");
    expect(curlSendTemplate('http://localhost:3000', 'K')).toContain(
      "'http://localhost:3000/api/messages/template'",
    );
  });
});
