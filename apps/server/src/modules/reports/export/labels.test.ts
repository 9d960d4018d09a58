import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_LABELS, type ExportLanguage } from './labels.js';

/** The web's words for the report (the page the file is exported from). */
function pageWords(language: ExportLanguage): Record<string, Record<string, unknown>> {
  const url = new URL(`../../../../../web/src/locales/${language}/reports.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, Record<string, unknown>>;
}

/** Export column → the page's key for the same figure (unit suffixes such as "(Rp)" aside). */
const SAME_AS_PAGE: Record<string, string> = {
  date: 'columns.date',
  agent: 'agents.agent',
  channel: 'channels.channel',
  label: 'labels.label',
  broadcast: 'broadcasts.broadcast',
  started: 'broadcasts.started',
  newConversations: 'metrics.newConversations',
  reopened: 'metrics.reopened',
  resolved: 'metrics.resolved',
  unanswered: 'metrics.unanswered',
  handled: 'metrics.handled',
  replies: 'metrics.replies',
  openNow: 'metrics.openNow',
  messagesIn: 'metrics.messagesIn',
  messagesOut: 'metrics.messagesOut',
  frMedian: 'metrics.firstResponse',
  frAvg: 'metrics.firstResponse',
  frP90: 'metrics.firstResponse',
  frWithinHours: 'metrics.firstResponse',
  resMedian: 'metrics.resolution',
  resAvg: 'metrics.resolution',
  replyMedian: 'metrics.replyTime',
  csatAvg: 'metrics.csat',
  csatResponses: 'metrics.csatResponses',
  online: 'metrics.onlineTime',
  opened: 'metrics.opened',
  answered: 'metrics.answered',
  frBreaches: 'metrics.firstResponseBreaches',
  resBreaches: 'metrics.resolutionBreaches',
  recipients: 'metrics.recipients',
  sent: 'metrics.sent',
  delivered: 'metrics.delivered',
  read: 'metrics.read',
  failed: 'metrics.failed',
  replied: 'metrics.replied',
  cost: 'metrics.cost',
  customerConversations: 'metrics.customerConversations',
  businessConversations: 'metrics.businessConversations',
  newActiveContacts: 'metrics.newActiveContacts',
  userInitiated: 'usage.costParts.userInitiated',
  businessInitiated: 'usage.costParts.businessInitiated',
  broadcastCost: 'usage.costParts.broadcast',
  mauCost: 'usage.costParts.activeContacts',
  ppn: 'metrics.ppn',
  totalWithPpn: 'metrics.totalWithPpn',
  responses: 'metrics.responses',
  average: 'metrics.average',
  in: 'channels.in',
  out: 'channels.out',
};

const lookUp = (words: Record<string, unknown>, path: string): string => {
  const value = path.split('.').reduce<unknown>((node, key) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }, words);
  if (typeof value !== 'string') throw new Error(`no page word at ${path}`);
  return value;
};

/** "Charged (before PPN)" on the page is "Charged before PPN (Rp)" in a sheet: compare words. */
const words = (text: string) =>
  text
    .replace(/\((s|dtk|Rp)\)$/, '')
    .replace(/[(),]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

describe('export labels', () => {
  for (const language of ['en', 'id'] as const) {
    it(`say what the page says (${language})`, () => {
      const page = pageWords(language);
      const labels = EXPORT_LABELS[language];
      for (const [column, path] of Object.entries(SAME_AS_PAGE)) {
        const label = labels.c[column];
        expect(label, column).toBeDefined();
        // The column starts with the page's words for the figure; a statistic or unit may follow.
        expect(words(label!).slice(0, words(lookUp(page, path)).length), column).toEqual(
          words(lookUp(page, path)),
        );
      }
      expect(words(labels.c.total!)).toEqual(words(lookUp(page, 'metrics.usageCost')));
      for (const [tab, title] of Object.entries(labels.tabs)) {
        expect(title, tab).toBe(lookUp(page, `tabs.${tab}`));
      }
    });
  }

  it('name a ticket resolved with no reply as the page does, not "Unanswered"', () => {
    expect(EXPORT_LABELS.en.c.unanswered).toBe('Resolved without reply');
    expect(EXPORT_LABELS.id.c.unanswered).toBe('Selesai tanpa balasan');
  });
});
