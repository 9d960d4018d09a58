import { describe, expect, it } from 'vitest';
import {
  effectiveGroupBy,
  isoWeekOf,
  presetRange,
  previousRange,
  reportQuery,
  todayIn,
  viewFromParams,
  viewToParams,
  weekRange,
} from './range';

const TODAY = '2026-11-25';
const AGENT = '5f0c7a52-2b1e-4c7e-9f55-1c0a3f1d2e44';

describe('report ranges', () => {
  it('resolves each preset against today in the account zone', () => {
    expect(presetRange('today', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-11-19', to: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-10-27', to: TODAY });
    expect(presetRange('month', TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
  });

  it("takes today from the account's zone, not the browser's", () => {
    // 18:30 UTC on the 25th is already the 26th in Jakarta (UTC+7).
    const instant = Date.parse('2026-11-25T18:30:00Z');
    expect(todayIn(instant, 'Asia/Jakarta')).toBe('2026-11-26');
    expect(todayIn(instant, 'America/New_York')).toBe('2026-11-25');
  });

  it('compares with the period of the same length just before', () => {
    expect(previousRange('2026-11-19', '2026-11-25')).toEqual({
      from: '2026-11-12',
      to: '2026-11-18',
    });
    expect(previousRange('2026-03-01', '2026-03-01')).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
  });

  it('groups by day up to a month and by week beyond, unless chosen', () => {
    expect(effectiveGroupBy({ groupBy: null, from: '2026-10-27', to: TODAY })).toBe('day');
    expect(effectiveGroupBy({ groupBy: null, from: '2026-08-01', to: TODAY })).toBe('week');
    expect(effectiveGroupBy({ groupBy: 'day', from: '2026-08-01', to: TODAY })).toBe('day');
  });

  it('keeps the view in the URL and reads it back', () => {
    const view = viewFromParams(
      new URLSearchParams(
        `range=custom&from=2026-10-01&to=2026-10-31&groupBy=week&compare=false&channel=instagram&agentId=${AGENT}`,
      ),
      TODAY,
    );
    expect(view).toEqual({
      preset: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      groupBy: 'week',
      compare: false,
      filters: { channel: 'instagram', divisionId: null, agentId: AGENT, labelId: null },
    });
    expect(viewFromParams(viewToParams(view), TODAY)).toEqual(view);
    expect(reportQuery(view, 'agents')).toEqual({
      tab: 'agents',
      from: '2026-10-01',
      to: '2026-10-31',
      groupBy: 'week',
      compare: false,
      channel: 'instagram',
      agentId: AGENT,
    });
  });

  it('falls back to the last 7 days (compared) on anything it cannot read', () => {
    for (const query of [
      'range=custom&from=2026-11-30&to=2026-11-01',
      'range=custom&from=yesterday&to=2026-11-01',
      'range=custom&from=2024-01-01&to=2026-11-01',
      'range=forever',
      'channel=fax&agentId=1%27%20OR%201',
    ]) {
      const view = viewFromParams(new URLSearchParams(query), TODAY);
      expect([view.preset, view.from, view.to, view.compare]).toEqual([
        '7d',
        '2026-11-19',
        TODAY,
        true,
      ]);
      expect(view.filters).toEqual({
        channel: null,
        divisionId: null,
        agentId: null,
        labelId: null,
      });
    }
  });

  it('names ISO weeks as the weekly usage report takes them', () => {
    expect(isoWeekOf('2026-11-25')).toBe('2026-W48');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(weekRange('2026-W48')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekRange('2025-W01')).toEqual({ from: '2024-12-30', to: '2025-01-05' });
    expect(weekRange(isoWeekOf('2026-06-10')).from <= '2026-06-10').toBe(true);
  });
});
