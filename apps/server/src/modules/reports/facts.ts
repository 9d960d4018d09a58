import { bucketOf } from './histogram.js';

/**
 * One fact per measurable thing that happened: a row of report_events, or for a message (by far
 * the commonest) a bit in report_message_marks and one more in its report_message_counts row
 * (decision 75); `report_fact_rows` reads both as rows with a multiplicity. The kind is also the
 * rollup's metric name. Definitions: docs/REPORTS.md.
 */
export const FACT_KINDS = [
  /** A ticket opened (a new conversation). */
  'opened',
  /** A ticket opened within 7 days after the same chat's previous ticket was resolved. */
  'reopened',
  /** A ticket's first human reply; value = seconds from open. */
  'first_response',
  /** A human reply ending a run of customer messages; value = seconds from the run's first. */
  'reply_time',
  /** A ticket resolved; value = seconds from open. */
  'resolution',
  /** A ticket resolved without any human reply. */
  'unanswered',
  'message_in',
  'message_out',
  /** A contact's first message (in or out) of a calendar month. */
  'contact_active',
  /** A CSAT answer; value = the rating (1–5); note = the comment. */
  'csat',
  /** A CSAT survey that went to the customer (not one skipped), on its send day. */
  'csat_sent',
  /** A sent survey that was answered, on its send day (response rate = these / csat_sent). */
  'csat_answered',
  /** Time a user was online, one fact per local day; value = seconds. */
  'online',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** Kinds whose value is a duration with a working-hours part. */
export const DURATION_KINDS: ReadonlySet<FactKind> = new Set([
  'first_response',
  'reply_time',
  'resolution',
]);

/** Kinds whose rollups keep a histogram (medians, p90, the CSAT distribution): also kept weekly. */
export const HIST_KINDS: readonly FactKind[] = [
  'first_response',
  'reply_time',
  'resolution',
  'csat',
];

export interface Fact {
  accountId: string;
  kind: FactKind;
  /** With the kind, what makes the fact unique (a ticket id, a message id, a survey id…). */
  sourceId: string;
  at: Date;
  /** `at`'s day in the account's time zone (YYYY-MM-DD). */
  day: string;
  valueS: number | null;
  valueBhS: number | null;
  chatId: string | null;
  ticketId: string | null;
  agentId: string | null;
  channel: string | null;
  channelId: string | null;
  divisionId: string | null;
  labels: string[];
  msgType: string | null;
  note: string | null;
}

/** A fact with every optional field empty, to spread the known ones over. */
export function fact(
  base: Pick<Fact, 'accountId' | 'kind' | 'sourceId' | 'at' | 'day'> & Partial<Fact>,
): Fact {
  return {
    valueS: null,
    valueBhS: null,
    chatId: null,
    ticketId: null,
    agentId: null,
    channel: null,
    channelId: null,
    divisionId: null,
    labels: [],
    msgType: null,
    note: null,
    ...base,
  };
}

export const LABELLED = 'labelled';
/** The dimension that counts labelled conversations within a scope dimension ('all' → 'labelled'). */
export const labelledDim = (dim: string) => (dim === 'all' ? LABELLED : `${LABELLED}|${dim}`);

/**
 * The rollup rows a fact adds to: everything ('all'), its channel, agent, agent on that channel,
 * division, division on that channel, each label, and for messages the channel's message type.
 * A ticket opened with at least one label also adds to 'labelled' and 'labelled|<dim>' for each
 * of those scope dimensions, so the labels tab counts labelled conversations of any scope from
 * the rollups instead of the range's facts. A contact's monthly activity counts for the account
 * only.
 */
export function dimsOf(
  f: Pick<Fact, 'kind' | 'channel' | 'agentId' | 'divisionId' | 'labels' | 'msgType'>,
): string[] {
  const dims = ['all'];
  if (f.kind === 'contact_active') return dims;
  const ch = f.channel;
  if (ch) dims.push(`channel:${ch}`);
  if (f.agentId) {
    dims.push(`agent:${f.agentId}`);
    if (ch) dims.push(`agent:${f.agentId}|channel:${ch}`);
  }
  if (f.divisionId) {
    dims.push(`division:${f.divisionId}`);
    if (ch) dims.push(`division:${f.divisionId}|channel:${ch}`);
  }
  if (f.kind === 'opened' && f.labels.length > 0) dims.push(...dims.map(labelledDim));
  for (const label of f.labels) dims.push(`label:${label}`);
  if (f.msgType && ch && (f.kind === 'message_in' || f.kind === 'message_out'))
    dims.push(`type:${ch}:${f.msgType}`);
  return dims;
}

/** The histogram bucket of a fact's value (null when it has none). */
export function bucketsOf(f: Fact): { bucket: number | null; bucketBh: number | null } {
  return {
    bucket: f.valueS === null ? null : bucketOf(f.valueS),
    bucketBh: f.valueBhS === null ? null : bucketOf(f.valueBhS),
  };
}

/** Whole seconds between two instants, never negative (provider and server clocks differ a little). */
export function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
}

/** A second copy of a fact in one batch would be counted twice: keep the first. */
export function distinctFacts(facts: Fact[]): Fact[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const key = `${f.accountId}|${f.kind}|${f.sourceId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
