import type { Report } from '@sapa/contracts';
import { EXPORT_LABELS, type ExportLanguage } from './labels.js';

/**
 * How a cell prints in the PDF; sheets keep the raw value (seconds, rupiah) for formulas. A
 * `percent` is a share times 100 (66.7), so a sheet shows the number the PDF does.
 */
export type CellKind = 'text' | 'int' | 'seconds' | 'money' | 'rating' | 'percent';

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

export interface ExportTable {
  title: string;
  columns: { label: string; kind: CellKind }[];
  rows: (string | number | null)[][];
  /** Headline figures for the PDF's boxes. */
  summary: { label: string; value: string | number | null; kind: CellKind }[];
  /** One series for the PDF's bar chart. */
  chart: { label: string; points: { label: string; value: number }[] } | null;
}

type Col = [string, CellKind];

/** The tab as one table (its rows, or its series when it has none), its headline and a chart. */
export function tableOf(report: Report, lang: ExportLanguage): ExportTable {
  const L = EXPORT_LABELS[lang];
  const c = L.c;
  const title = `${L.report}: ${L.tabs[report.tab]}`;
  const cols = (list: Col[]) => list.map(([k, kind]) => ({ label: c[k] ?? k, kind }));
  switch (report.tab) {
    case 'overview': {
      const t = report.totals;
      return {
        title,
        columns: cols([
          ['date', 'text'],
          ['newConversations', 'int'],
          ['reopened', 'int'],
          ['resolved', 'int'],
          ['unanswered', 'int'],
          ['messagesIn', 'int'],
          ['messagesOut', 'int'],
          ['frMedian', 'seconds'],
          ['frAvg', 'seconds'],
          ['resMedian', 'seconds'],
          ['replyMedian', 'seconds'],
        ]),
        rows: report.series.map((p) => [
          p.date,
          p.newConversations,
          p.reopened,
          p.resolved,
          p.unanswered,
          p.messagesIn,
          p.messagesOut,
          p.firstResponseMedian,
          p.firstResponseAvg,
          p.resolutionMedian,
          p.replyTimeMedian,
        ]),
        summary: [
          { label: c.newConversations!, value: t.newConversations, kind: 'int' },
          { label: c.resolved!, value: t.resolved, kind: 'int' },
          { label: c.frMedian!, value: t.firstResponse.median, kind: 'seconds' },
          { label: c.frWithinHours!, value: t.firstResponse.medianWithinHours, kind: 'seconds' },
          { label: c.resMedian!, value: t.resolution.median, kind: 'seconds' },
          { label: c.replyMedian!, value: t.replyTime.median, kind: 'seconds' },
        ],
        chart: {
          label: c.newConversations!,
          points: report.series.map((p) => ({ label: p.date, value: p.newConversations })),
        },
      };
    }
    case 'agents':
      return {
        title,
        columns: cols([
          ['agent', 'text'],
          ['handled', 'int'],
          ['resolved', 'int'],
          ['replies', 'int'],
          ['openNow', 'int'],
          ['frMedian', 'seconds'],
          ['frAvg', 'seconds'],
          ['frP90', 'seconds'],
          ['resMedian', 'seconds'],
          ['replyMedian', 'seconds'],
          ['csatAvg', 'rating'],
          ['online', 'seconds'],
        ]),
        rows: report.rows.map((r) => [
          r.name,
          r.handled,
          r.resolved,
          r.replies,
          r.openNow,
          r.firstResponse.median,
          r.firstResponse.avg,
          r.firstResponse.p90,
          r.resolution.median,
          r.replyTime.median,
          r.csat?.average ?? null,
          r.onlineSeconds,
        ]),
        summary: [
          { label: c.handled!, value: report.totals.handled, kind: 'int' },
          { label: c.resolved!, value: report.totals.resolved, kind: 'int' },
          { label: c.replies!, value: report.totals.replies, kind: 'int' },
          { label: c.frMedian!, value: report.totals.firstResponse.median, kind: 'seconds' },
        ],
        chart: {
          label: c.handled!,
          points: report.rows.map((r) => ({ label: r.name, value: r.handled })),
        },
      };
    case 'channels':
      return {
        title,
        columns: cols([
          ['channel', 'text'],
          ['newConversations', 'int'],
          ['resolved', 'int'],
          ['messagesIn', 'int'],
          ['messagesOut', 'int'],
          ['frMedian', 'seconds'],
          ['resMedian', 'seconds'],
          ['replyMedian', 'seconds'],
        ]),
        rows: report.rows.map((r) => [
          r.channel,
          r.newConversations,
          r.resolved,
          r.messagesIn,
          r.messagesOut,
          r.firstResponse.median,
          r.resolution.median,
          r.replyTime.median,
        ]),
        summary: [
          { label: c.messagesIn!, value: report.totals.messagesIn, kind: 'int' },
          { label: c.messagesOut!, value: report.totals.messagesOut, kind: 'int' },
        ],
        chart: {
          label: c.messagesIn!,
          points: report.rows.map((r) => ({ label: r.channel, value: r.messagesIn })),
        },
      };
    case 'labels':
      return {
        title,
        columns: cols([
          ['label', 'text'],
          ['newConversations', 'int'],
          ['resolved', 'int'],
          ['messagesIn', 'int'],
          ['frMedian', 'seconds'],
          ['resMedian', 'seconds'],
        ]),
        rows: report.rows.map((r) => [
          r.name,
          r.newConversations,
          r.resolved,
          r.messagesIn,
          r.firstResponse.median,
          r.resolution.median,
        ]),
        summary: [{ label: c.newConversations!, value: report.totals.labelled, kind: 'int' }],
        chart: {
          label: c.newConversations!,
          points: report.rows.map((r) => ({ label: r.name, value: r.newConversations })),
        },
      };
    case 'tickets':
      return {
        title,
        columns: cols([
          ['date', 'text'],
          ['opened', 'int'],
          ['answered', 'int'],
          ['resolved', 'int'],
          ['frBreaches', 'int'],
          ['resBreaches', 'int'],
          ['frMedian', 'seconds'],
          ['resMedian', 'seconds'],
        ]),
        rows: report.series.map((p) => [
          p.date,
          p.opened,
          p.answered,
          p.resolved,
          p.firstResponseBreaches,
          p.resolutionBreaches,
          p.firstResponseMedian,
          p.resolutionMedian,
        ]),
        summary: [
          { label: c.opened!, value: report.totals.opened, kind: 'int' },
          { label: c.resolved!, value: report.totals.resolved, kind: 'int' },
          { label: c.frBreaches!, value: report.totals.firstResponseBreaches, kind: 'int' },
          { label: c.resBreaches!, value: report.totals.resolutionBreaches, kind: 'int' },
        ],
        chart: {
          label: c.opened!,
          points: report.series.map((p) => ({ label: p.date, value: p.opened })),
        },
      };
    case 'broadcasts':
      return {
        title,
        columns: cols([
          ['broadcast', 'text'],
          ['channel', 'text'],
          ['started', 'text'],
          ['recipients', 'int'],
          ['sent', 'int'],
          ['delivered', 'int'],
          ['read', 'int'],
          ['failed', 'int'],
          ['replied', 'int'],
          ['cost', 'money'],
        ]),
        rows: report.rows.map((r) => [
          r.title,
          r.channel,
          r.startedAt?.slice(0, 10) ?? '',
          r.recipients,
          r.sent,
          r.delivered,
          r.read,
          r.failed,
          r.replied,
          r.cost,
        ]),
        summary: [
          { label: c.sent!, value: report.totals.sent, kind: 'int' },
          { label: c.delivered!, value: report.totals.delivered, kind: 'int' },
          { label: c.read!, value: report.totals.read, kind: 'int' },
          { label: c.cost!, value: report.totals.cost, kind: 'money' },
        ],
        chart: {
          label: c.sent!,
          points: report.series.map((p) => ({ label: p.date, value: p.sent })),
        },
      };
    case 'usage':
      return {
        title,
        columns: cols([
          ['date', 'text'],
          ['customerConversations', 'int'],
          ['businessConversations', 'int'],
          ['messagesIn', 'int'],
          ['messagesOut', 'int'],
          ['newActiveContacts', 'int'],
          ['userInitiated', 'money'],
          ['businessInitiated', 'money'],
          ['broadcastCost', 'money'],
          ['mauCost', 'money'],
          ['total', 'money'],
          ['ppn', 'money'],
          ['totalWithPpn', 'money'],
        ]),
        rows: report.days.map((d) => [
          d.date,
          d.conversations.customer,
          d.conversations.business,
          d.messagesIn,
          d.messagesOut,
          d.newActiveContacts,
          d.cost.userInitiated,
          d.cost.businessInitiated,
          d.cost.broadcast,
          d.cost.activeContacts,
          d.cost.total,
          d.cost.ppn,
          d.cost.totalWithPpn,
        ]),
        summary: [
          { label: c.total!, value: report.totals.cost.total, kind: 'money' },
          { label: c.ppn!, value: report.totals.cost.ppn, kind: 'money' },
          { label: c.totalWithPpn!, value: report.totals.cost.totalWithPpn, kind: 'money' },
          {
            label: c.customerConversations!,
            value: report.totals.conversations.customer,
            kind: 'int',
          },
        ],
        chart: {
          label: c.total!,
          points: report.days.map((d) => ({ label: d.date, value: d.cost.total })),
        },
      };
    case 'csat':
      return {
        title,
        columns: cols([
          ['agent', 'text'],
          ['responses', 'int'],
          ['average', 'rating'],
          ['surveysSent', 'int'],
          ['responseRate', 'percent'],
        ]),
        rows: report.rows.map((r) => [
          r.name,
          r.responses,
          r.average,
          r.surveysSent ?? null,
          percent(r.responseRate ?? null),
        ]),
        summary: [
          { label: c.responses!, value: report.totals.responses, kind: 'int' },
          { label: c.average!, value: report.totals.average, kind: 'rating' },
          { label: c.surveysSent!, value: report.totals.surveysSent, kind: 'int' },
          { label: c.responseRate!, value: percent(report.totals.responseRate), kind: 'percent' },
        ],
        chart: {
          label: c.responses!,
          points: report.totals.distribution.map((d) => ({ label: `${d.rating}`, value: d.count })),
        },
      };
  }
}
