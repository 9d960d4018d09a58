import type {
  AgentsReport,
  CsatReport,
  DurationStat,
  OverviewReport,
  OverviewTotals,
  ReportRange,
  TicketsReport,
  UsageTabReport,
} from '@sapa/contracts';

export const AGENT_SARI = '5f0c7a52-2b1e-4c7e-9f55-1c0a3f1d2e44';
export const AGENT_BUDI = '6a1d8b63-3c2f-4d8f-8a66-2d1b4e2e3f55';

export function duration(median: number | null, p90: number | null, count: number): DurationStat {
  return {
    count,
    avg: median === null ? null : median + 30,
    median,
    p90,
    avgWithinHours: median,
    medianWithinHours: median === null ? null : Math.round(median / 2),
    p90WithinHours: p90,
  };
}

export function range(from: string, to: string): ReportRange {
  return { from, to, timezone: 'Asia/Jakarta', groupBy: 'day', days: 7 };
}

export function overviewTotals(overrides: Partial<OverviewTotals> = {}): OverviewTotals {
  return {
    newConversations: 128,
    reopened: 9,
    resolved: 117,
    unanswered: 4,
    messagesIn: 1_540,
    messagesOut: 1_802,
    firstResponse: duration(252, 840, 121),
    resolution: duration(7_380, 52_200, 117),
    replyTime: duration(95, 600, 880),
    csat: null,
    ...overrides,
  };
}

/** Seven days at Toko Sari, 19–25 Nov 2026, against the week before. */
export function overviewReport(overrides: Partial<OverviewReport> = {}): OverviewReport {
  const days = ['19', '20', '21', '22', '23', '24', '25'].map((d) => `2026-11-${d}`);
  return {
    tab: 'overview',
    range: range('2026-11-19', '2026-11-25'),
    previous: range('2026-11-12', '2026-11-18'),
    totals: overviewTotals(),
    previousTotals: overviewTotals({
      newConversations: 100,
      resolved: 120,
      firstResponse: duration(300, 900, 98),
    }),
    series: days.map((date, i) => ({
      date,
      newConversations: 15 + i,
      reopened: 1,
      resolved: 14 + i,
      unanswered: 0,
      messagesIn: 200 + i,
      messagesOut: 240 + i,
      firstResponseMedian: 240 + i * 5,
      firstResponseAvg: 260,
      resolutionMedian: 7_000,
      resolutionAvg: 7_400,
      replyTimeMedian: 90,
      replyTimeAvg: 110,
    })),
    live: { open: 14, waiting: 6, unassigned: 3 },
    ...overrides,
  };
}

export function emptyOverview(): OverviewReport {
  const zero = overviewTotals({
    newConversations: 0,
    reopened: 0,
    resolved: 0,
    unanswered: 0,
    messagesIn: 0,
    messagesOut: 0,
    firstResponse: duration(null, null, 0),
    resolution: duration(null, null, 0),
    replyTime: duration(null, null, 0),
  });
  return overviewReport({
    totals: zero,
    previousTotals: zero,
    series: [],
    live: { open: 0, waiting: 0, unassigned: 0 },
  });
}

export function agentsReport(): AgentsReport {
  const row = (agentId: string, name: string, handled: number, median: number) => ({
    agentId,
    name,
    handled,
    resolved: handled - 2,
    replies: handled * 6,
    openNow: 3,
    firstResponse: duration(median, median * 3, handled),
    resolution: duration(7_200, 40_000, handled - 2),
    replyTime: duration(80, 400, handled * 4),
    csat: { responses: 5, average: 4.4 },
    onlineSeconds: 6 * 3600,
  });
  return {
    tab: 'agents',
    range: range('2026-11-19', '2026-11-25'),
    previous: null,
    totals: {
      handled: 70,
      resolved: 66,
      replies: 420,
      firstResponse: duration(252, 840, 70),
      resolution: duration(7_200, 40_000, 66),
      replyTime: duration(80, 400, 280),
      csat: { responses: 10, average: 4.4 },
      onlineSeconds: 12 * 3600,
    },
    previousTotals: null,
    series: [],
    rows: [row(AGENT_SARI, 'Sari Wulandari', 40, 180), row(AGENT_BUDI, 'Budi Santoso', 30, 720)],
  };
}

export function ticketsReport(): TicketsReport {
  return {
    tab: 'tickets',
    range: range('2026-11-19', '2026-11-25'),
    previous: null,
    targets: { firstResponseSeconds: 900, resolutionSeconds: 86_400 },
    totals: {
      opened: 128,
      reopened: 9,
      answered: 121,
      resolved: 117,
      unanswered: 4,
      firstResponse: duration(252, 840, 121),
      resolution: duration(7_380, 52_200, 117),
      firstResponseBreaches: 11,
      resolutionBreaches: 3,
    },
    previousTotals: null,
    series: [],
    distribution: [],
    live: { open: 14, waiting: 6, unassigned: 3 },
  };
}

export function csatReport(): CsatReport {
  return {
    tab: 'csat',
    range: range('2026-11-19', '2026-11-25'),
    previous: null,
    totals: {
      responses: 12,
      surveysSent: 30,
      responseRate: 0.4,
      average: 4.25,
      distribution: [1, 2, 3, 4, 5].map((rating) => ({
        rating,
        count: rating === 4 ? 5 : 1 + (rating === 5 ? 3 : 0),
      })),
    },
    previousTotals: null,
    series: [],
    rows: [{ agentId: AGENT_SARI, name: 'Sari Wulandari', responses: 12, average: 4.25 }],
    comments: [
      {
        surveyId: 's1',
        ticketId: 't1',
        chatId: 'c1',
        agent: { _id: AGENT_SARI, name: 'Sari Wulandari' },
        rating: 4,
        comment: 'Cepat dan ramah, terima kasih!',
        answeredAt: '2026-11-24T07:12:00.000Z',
      },
    ],
  };
}

/** Three days of usage: Monday busy, Tuesday and Wednesday with nothing at all. */
export function usageReport(): UsageTabReport {
  const none = { userInitiated: 0, businessInitiated: 0, broadcast: 0, activeContacts: 0 };
  const quiet = (date: string) => ({
    date,
    conversations: { customer: 0, business: 0 },
    messagesIn: 0,
    messagesOut: 0,
    newActiveContacts: 0,
    cost: { ...none, total: 0, ppn: 0, totalWithPpn: 0 },
  });
  const cost = { ...none, userInitiated: 700, total: 700, ppn: 77, totalWithPpn: 777 };
  return {
    tab: 'usage',
    range: { ...range('2026-11-23', '2026-11-25'), days: 3 },
    previous: null,
    previousTotals: null,
    days: [
      {
        date: '2026-11-23',
        conversations: { customer: 2, business: 0 },
        messagesIn: 5,
        messagesOut: 3,
        newActiveContacts: 2,
        cost,
      },
      quiet('2026-11-24'),
      quiet('2026-11-25'),
    ],
    totals: {
      conversations: { customer: 2, business: 0 },
      messagesIn: 5,
      messagesOut: 3,
      activeContacts: [{ month: '2026-11', contacts: 2 }],
      cost,
    },
    ledger: { charges: 700, refunds: 0, net: 700 },
    ppnRate: 0.11,
  };
}
