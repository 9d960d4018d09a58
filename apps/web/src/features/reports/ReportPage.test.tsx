import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_MESSAGES, type Report, type Role, type User } from '@sapa/contracts';
import { useSession } from '../../app/session';
import { fetchFile, saveBlob } from '../../lib/download';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { ReportPage } from './ReportPage';
import {
  AGENT_BUDI,
  AGENT_SARI,
  agentsReport,
  csatReport,
  usageReport,
  emptyOverview,
  overviewReport,
  ticketsReport,
} from './testFixtures';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/download', () => ({
  fetchFile: vi.fn(async () => new Blob(['x'])),
  saveBlob: vi.fn(),
}));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const get = vi.mocked(api.get);
// 10:00 in Jakarta on Wednesday 25 Nov 2026 (03:00 UTC).
const NOW = Date.parse('2026-11-25T03:00:00.000Z');

let answers: Partial<Record<Report['tab'], Report | Error>> = {};

function serve() {
  get.mockImplementation(async (path: string, options?: { params?: Record<string, unknown> }) => {
    if (path === 'reports') {
      const tab = options?.params?.tab as Report['tab'];
      const answer = answers[tab];
      if (!answer) throw new Error(`no fixture for ${tab}`);
      if (answer instanceof Error) throw answer;
      return structuredClone(answer);
    }
    if (path === 'users/agent')
      return {
        data: [
          makeUser({ _id: AGENT_SARI, name: 'Sari Wulandari', role: 'agent' }),
          makeUser({ _id: AGENT_BUDI, name: 'Budi Santoso', role: 'agent' }),
          makeUser({ _id: 'sup-1', name: 'Rina Kusuma', role: 'supervisor' }),
        ],
      };
    if (path === 'division') return { data: [] };
    if (path === 'labels') return { data: [], total: 0 };
    throw new Error(`unexpected GET ${path}`);
  });
}

function signIn(role: Role, settings: Record<string, string> = {}, user: Partial<User> = {}) {
  vi.mocked(useSession).mockReturnValue(
    makeSession({ user: makeUser({ _id: 'sup-1', role, ...user }), settings }),
  );
}

const open = (url = '/report') => renderScreen(<ReportPage />, { path: '/report/*', url });
const reportCalls = () =>
  get.mock.calls.filter(([path]) => path === 'reports').map(([, o]) => o?.params);
const tabNames = () =>
  screen
    .getAllByRole('tab')
    .map((tab) => tab.getAttribute('data-testid')?.replace('report-tab-', ''));

describe('/report', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // jsdom draws no canvas; the charts stay empty boxes.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await setLanguage('en');
    answers = {
      overview: overviewReport(),
      agents: agentsReport(),
      tickets: ticketsReport(),
      csat: csatReport(),
    };
    get.mockReset();
    vi.mocked(fetchFile).mockClear();
    vi.mocked(saveBlob).mockClear();
    serve();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await setLanguage('en');
  });

  it("opens on the last 7 days in the account's zone, compared, with figures, medians and p90", async () => {
    signIn('admin');
    open();
    expect((await screen.findByTestId('report-stat-newConversations-value')).textContent).toBe(
      '128',
    );
    expect(reportCalls()[0]).toEqual({
      tab: 'overview',
      from: '2026-11-19',
      to: '2026-11-25',
      groupBy: 'day',
      compare: true,
    });
    expect(screen.getByText('19 – 25 Nov 2026 · WIB (Asia/Jakarta)')).toBeTruthy();
    // 100 → 128 new conversations: +28 %, shown neutral; 120 → 117 resolved is worse.
    const newChange = screen.getByTestId('report-stat-newConversations-change');
    expect(newChange.textContent).toBe('+28 %');
    expect(newChange.getAttribute('data-good')).toBe('neutral');
    expect(screen.getByTestId('report-stat-resolved-change').getAttribute('data-good')).toBe(
      'false',
    );
    expect(screen.getByTestId('report-duration-firstResponse-median').textContent).toBe(
      '4 min 12 s',
    );
    expect(screen.getByTestId('report-duration-firstResponse-p90').textContent).toBe('14 min');
    expect(screen.getByTestId('report-duration-resolution-median').textContent).toBe('2 h 3 min');
    // A shorter first response than the week before is better.
    expect(
      screen.getByTestId('report-duration-firstResponse-change').getAttribute('data-good'),
    ).toBe('true');
    expect(screen.getByTestId('report-live-waiting').textContent).toBe('6');
    // Every figure carries its definition (docs/REPORTS.md's words) as a tooltip.
    expect(screen.getAllByRole('button', { name: 'First response time' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole('img', { name: 'Conversations' })).toBeTruthy();
  });

  it('shows the definition behind the info icon', async () => {
    signIn('admin');
    open();
    await screen.findByTestId('report-overview');
    fireEvent.mouseEnter(screen.getAllByRole('button', { name: 'Reopened' })[0] as HTMLElement);
    expect(
      await screen.findByText(
        'Tickets opened in the period on a chat whose previous ticket was resolved less than 7 days before.',
      ),
    ).toBeTruthy();
  });

  it('asks again for another range and keeps it in the URL', async () => {
    signIn('admin');
    open();
    await screen.findByTestId('report-overview');
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() =>
      expect(reportCalls().at(-1)).toMatchObject({ from: '2026-10-27', to: '2026-11-25' }),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() =>
      expect(reportCalls().at(-1)).toMatchObject({ from: '2026-11-01', to: '2026-11-25' }),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(reportCalls().at(-1)).toMatchObject({ compare: false }));
  });

  it('reads a custom range and filters from the URL', async () => {
    signIn('admin');
    open(
      `/report/agents?range=custom&from=2026-08-01&to=2026-10-31&agentId=${AGENT_BUDI}&channel=instagram`,
    );
    await screen.findByTestId('report-agents');
    expect(reportCalls()[0]).toEqual({
      tab: 'agents',
      from: '2026-08-01',
      to: '2026-10-31',
      // Three months read per week.
      groupBy: 'week',
      compare: true,
      agentId: AGENT_BUDI,
      channel: 'instagram',
    });
    const rows = screen.getAllByTestId('report-agents-table-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Sari Wulandari',
      'Budi Santoso',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('12 min')).toBeTruthy();
  });

  it.each([
    [{}, ['overview', 'agents', 'channels', 'labels', 'broadcasts', 'usage']],
    [
      { 'bo.ticket_report': 'true', 'bo.isCsat': 'true' },
      ['overview', 'agents', 'channels', 'labels', 'tickets', 'broadcasts', 'usage', 'csat'],
    ],
  ])(
    'offers the tickets and CSAT tabs only when the account has them (%j)',
    async (settings, tabs) => {
      signIn('supervisor', settings);
      open();
      await screen.findByTestId('report-overview');
      expect(tabNames()).toEqual(tabs);
    },
  );

  it('says the ticket report is off rather than showing an empty one', async () => {
    signIn('admin');
    open('/report/tickets');
    expect(await screen.findByTestId('report-tickets-off')).toBeTruthy();
    expect(reportCalls()).toEqual([]);
  });

  it('lets only admins change the SLA targets', async () => {
    signIn('admin', { 'bo.ticket_report': 'true' });
    open('/report/tickets');
    expect((await screen.findByTestId('report-targets')).textContent).toBe(
      'Targets: first response 15 min, resolution 1 d',
    );
    expect(screen.getByTestId('report-stat-firstResponseBreaches-value').textContent).toBe('11');
    expect(screen.getByTestId('report-edit-targets')).toBeTruthy();
  });

  it('shows a supervisor the targets without the button to change them', async () => {
    signIn('supervisor', { 'bo.ticket_report': 'true' });
    open('/report/tickets');
    await screen.findByTestId('report-targets');
    expect(screen.queryByTestId('report-edit-targets')).toBeNull();
  });

  it('says so when nothing happened in the period', async () => {
    answers.overview = emptyOverview();
    signIn('admin');
    open();
    expect(await screen.findByTestId('report-empty')).toBeTruthy();
    expect(screen.getByText('Nothing happened in this period')).toBeTruthy();
  });

  it('exports the tab as PDF and its table as CSV with the same query', async () => {
    signIn('admin');
    open('/report/agents');
    await screen.findByTestId('report-agents');
    fireEvent.click(screen.getByTestId('report-export'));
    fireEvent.click(await screen.findByTestId('report-export-pdf'));
    await waitFor(() => expect(fetchFile).toHaveBeenCalledTimes(1));
    const query = {
      tab: 'agents',
      from: '2026-11-19',
      to: '2026-11-25',
      groupBy: 'day',
      compare: true,
    };
    expect(fetchFile).toHaveBeenLastCalledWith(
      'reports/export',
      { ...query, format: 'pdf', lang: 'en' },
      'pdf',
    );
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(
        expect.any(Blob),
        'report-agents-2026-11-19_2026-11-25.pdf',
      ),
    );
    fireEvent.click(screen.getByTestId('report-agents-table-export-csv'));
    await waitFor(() =>
      expect(fetchFile).toHaveBeenLastCalledWith(
        'reports/export',
        { ...query, format: 'csv', lang: 'en' },
        'csv',
      ),
    );
  });

  it('shows CSAT answers, spread, agents and comments', async () => {
    signIn('admin', { 'bo.isCsat': 'true' });
    open('/report/csat');
    expect((await screen.findByTestId('report-stat-csatAverage-value')).textContent).toBe('4,3');
    expect(screen.getByTestId('report-stat-responseRate-value').textContent).toBe('40,0 %');
    expect(screen.getByTestId('report-stat-surveysSent-value').textContent).toBe('30');
    expect(screen.getByText('12 of 30 surveys answered')).toBeTruthy();
    // The spread of ratings, the agent's row and the comment with a way to its conversation.
    expect(screen.getByRole('img', { name: 'Ratings' })).toBeTruthy();
    const row = screen.getByTestId('report-csat-table-row');
    expect(row.textContent).toContain('Sari Wulandari');
    expect(row.textContent).toContain('4,3');
    expect(screen.getByText('“Cepat dan ramah, terima kasih!”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      '/chat?id=c1',
    );
  });

  it('lists the days that had usage and says how many quiet days it left out', async () => {
    answers.usage = usageReport();
    signIn('admin');
    open('/report/usage');
    expect((await screen.findByTestId('usage-ledger-check')).getAttribute('data-agrees')).toBe(
      'true',
    );
    expect(screen.getAllByTestId('report-usage-table-row')).toHaveLength(1);
    expect(screen.getByTestId('report-usage-quiet').textContent).toBe(
      '2 days with no usage are not listed.',
    );
  });

  it('leaves out surveys sent and the response rate when the server does not count them', async () => {
    answers.csat = {
      ...csatReport(),
      totals: { ...csatReport().totals, surveysSent: null, responseRate: null },
    };
    signIn('admin', { 'bo.isCsat': 'true' });
    open('/report/csat');
    expect((await screen.findByTestId('report-stat-csatResponses-value')).textContent).toBe('12');
    expect(screen.queryByTestId('report-stat-surveysSent')).toBeNull();
    expect(screen.queryByTestId('report-stat-responseRate')).toBeNull();
  });

  it('tells a supervisor in Indonesian that an agent is not theirs', async () => {
    await setLanguage('id');
    answers.agents = new HttpError({ status: 403, message: REPORT_MESSAGES.agentNotVisible });
    signIn('supervisor');
    open('/report/agents');
    expect(
      await screen.findByText('Anda hanya dapat melihat angka agen yang Anda supervisi.'),
    ).toBeTruthy();
  });

  it('speaks Indonesian', async () => {
    await setLanguage('id');
    signIn('admin');
    open();
    await screen.findByTestId('report-overview');
    expect(screen.getByRole('heading', { name: 'Laporan' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ringkasan' })).toBeTruthy();
    expect(screen.getByTestId('report-duration-firstResponse-median').textContent).toBe(
      '4 mnt 12 dtk',
    );
    expect(screen.getByText('19 – 25 Nov 2026 · WIB (Asia/Jakarta)')).toBeTruthy();
  });
});
