import { describe, expect, it } from 'vitest';
import { hubAreas } from './hubLinks';

const ids = (apiOnly: boolean, manages: boolean) =>
  hubAreas({ apiOnly, manages }).map((area) => area.testId.replace('settings-link-', ''));

describe('the settings hub links', () => {
  it('gives admins and supervisors every area, people first', () => {
    expect(ids(false, true)).toEqual([
      'team',
      'profile',
      'labels',
      'quick-replies',
      'routing',
      'billing',
      'api',
      'webhooks',
    ]);
  });

  it('gives agents their team and profile only', () => {
    expect(ids(false, false)).toEqual(['team', 'profile']);
  });

  it('leads an API-only account with its key, and never links the team or profile pages', () => {
    expect(ids(true, true)).toEqual(['api', 'billing', 'webhooks']);
    expect(ids(true, false)).toEqual([]);
  });

  it('names each area in its own namespace, the team with a read-only text for non-admins', () => {
    const areas = hubAreas({ apiOnly: false, manages: true });
    for (const area of areas) expect(area.title).toMatch(/^\w+:/);
    expect(areas.find((a) => a.to === '/setting/agent-settings')?.textReadOnly).toBe(
      'settings:hub.teamTextReadOnly',
    );
  });
});
