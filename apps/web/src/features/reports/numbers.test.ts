import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { i18n, setLanguage } from '../../lib/i18n';
import enReports from '../../locales/en/reports.json';
import idReports from '../../locales/id/reports.json';
import enHome from '../../locales/en/home.json';
import idHome from '../../locales/id/home.json';
import { visibleAgents } from './components/ReportControls';
import { change, formatChange, formatDuration, formatMoney, rangeLabel } from './numbers';

const t = i18n.t.bind(i18n);

describe('report numbers', () => {
  beforeAll(async () => {
    await setLanguage('en');
  });

  it('writes durations with two units at most, as people say them', () => {
    expect(formatDuration(null, t)).toBe('—');
    expect(formatDuration(0, t)).toBe('0 s');
    expect(formatDuration(59.6, t)).toBe('1 min');
    expect(formatDuration(252, t)).toBe('4 min 12 s');
    expect(formatDuration(3_600, t)).toBe('1 h');
    expect(formatDuration(7_380, t)).toBe('2 h 3 min');
    expect(formatDuration(86_400 * 2 + 3 * 3_600 + 59, t)).toBe('2 d 3 h');
  });

  it('keeps the cents the ledger keeps', () => {
    expect(formatMoney(1_250_000)).toBe('Rp 1.250.000');
    expect(formatMoney(1_234.5)).toBe('Rp 1.234,50');
    expect(formatMoney(-700.25)).toBe('-Rp 700,25');
  });

  it('says how a figure moved from the previous period', () => {
    expect(change(128, 100)).toEqual({ ratio: 0.28, trend: 'up' });
    expect(change(5, 0)).toEqual({ ratio: null, trend: 'up' });
    expect(change(null, 3)).toBeNull();
    expect(formatChange({ ratio: -0.08, trend: 'down' }, t)).toBe('−8 %');
    expect(formatChange({ ratio: null, trend: 'up' }, t)).toBe('new');
    expect(formatChange({ ratio: 0.001, trend: 'up' }, t)).toBe('no change');
  });

  it('names ranges short and whole', () => {
    expect(rangeLabel('2026-11-19', '2026-11-25', 'en')).toBe('19 – 25 Nov 2026');
    expect(rangeLabel('2026-10-28', '2026-11-03', 'id')).toBe('28 Okt – 3 Nov 2026');
    expect(rangeLabel('2025-12-29', '2026-01-04', 'en')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(rangeLabel('2026-11-25', '2026-11-25', 'en')).toBe('25 Nov 2026');
  });
});

describe('who a viewer may pick in the agent filter', () => {
  const sari = makeUser({ _id: 'a1', role: 'agent', divisions: [{ id: 'd1', name: 'Sales' }] });
  const budi = makeUser({ _id: 'a2', role: 'agent', divisions: [{ id: 'd2', name: 'Support' }] });
  const rina = makeUser({ _id: 's1', role: 'supervisor', agentIds: ['a2'] });
  const all = [sari, budi, rina];

  it('gives admins everyone, supervisors themselves and their agents, division-only users their divisions', () => {
    expect(visibleAgents(all, makeUser({ _id: 'x', role: 'admin' })).map((u) => u._id)).toEqual([
      'a1',
      'a2',
      's1',
    ]);
    expect(visibleAgents(all, rina).map((u) => u._id)).toEqual(['a2', 's1']);
    const salesOnly = makeUser({
      _id: 's2',
      role: 'supervisor',
      divisionOnlyView: true,
      divisions: [{ id: 'd1', name: 'Sales' }],
    });
    expect(visibleAgents(all, salesOnly).map((u) => u._id)).toEqual(['a1']);
  });
});

/** Every key of a locale file, with i18next's plural endings folded (Indonesian has one form). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [
    ...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))),
  ].sort();
}

describe('report and dashboard strings', () => {
  it.each([
    ['reports', enReports, idReports],
    ['home', enHome, idHome],
  ])('%s has every English string in Indonesian and no more', (_, en, id) => {
    expect(keys(id)).toEqual(keys(en));
  });
});
