import { randomUUID } from 'node:crypto';
import {
  FIRST_NAMES,
  LARGE_LABELS,
  LAST_NAMES,
  cumulative,
  messageText,
  pick,
  rng,
} from './large-data.js';
import { row } from './large-copy.js';

/** Ids the generated rows point at, created before the bulk load. */
export interface LargeRefs {
  accountId: string;
  /** Two WhatsApp numbers, one Instagram account, one Messenger page. */
  channels: { id: string; channel: 'whatsapp' | 'instagram' | 'messenger' }[];
  agentIds: string[];
  divisionIds: string[];
  /** In LARGE_LABELS order. */
  labelIds: string[];
}

const DAY = 86_400;
const HISTORY_DAYS = 730;
const FLAG_NAMES = ['gray', 'red', 'green'] as const;
const LABEL_CUM = cumulative(LARGE_LABELS.map((l) => l.weight));
// Sort keys pack (time, position) into one double: 24 bits of position, the rest time.
const POSITION_BITS = 2 ** 24;
export const MAX_LARGE_MESSAGES = POSITION_BITS - 1;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
/** A cheap, well-spread hash of two integers into [0, 1). */
function hash01(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/**
 * 0 gray (resolved), 1 red (awaiting the agent), 2 green (answered): open chats are recent ones,
 * as resolving turns a chat gray.
 */
function flagFor(days: number, f: number): number {
  const [red, green] = days < 3 ? [0.45, 0.35] : days < 30 ? [0.1, 0.2] : [0.01, 0.02];
  return f < red ? 1 : f < red + green ? 2 : 0;
}

/**
 * A million chats' shape, decided up front from one seeded PRNG per chat: channel, when it was
 * last active (skewed to recent), how many messages and how far apart, flag, assignee. What is
 * not needed twice (labels, archive, names) is drawn again from the same seed when writing.
 */
export class LargeModel {
  readonly chatIds: string[] = [];
  readonly contactIds: string[] = [];
  private readonly channel: Uint8Array;
  private readonly last: Int32Array;
  private readonly step: Int32Array;
  private readonly count: Uint16Array;
  private readonly start: Int32Array;
  private readonly flag: Uint8Array;
  private readonly agent: Uint8Array;
  readonly totalMessages: number;

  constructor(
    readonly chats: number,
    messages: number,
    private readonly now: number,
    agents: number,
  ) {
    if (messages > MAX_LARGE_MESSAGES) throw new Error(`at most ${MAX_LARGE_MESSAGES} messages`);
    this.channel = new Uint8Array(chats);
    this.last = new Int32Array(chats);
    this.step = new Int32Array(chats);
    this.count = new Uint16Array(chats);
    this.start = new Int32Array(chats + 1);
    this.flag = new Uint8Array(chats);
    this.agent = new Uint8Array(chats);
    const mean = messages / chats;
    let sum = 0;
    for (let i = 0; i < chats; i++) {
      const r = rng(i + 1);
      const c = r();
      this.channel[i] = c < 0.45 ? 0 : c < 0.7 ? 1 : c < 0.9 ? 2 : 3;
      // Activity is skewed to the recent past: ~3% of chats moved in the last 3 days.
      const age = Math.floor(HISTORY_DAYS * DAY * r() ** 1.5) + 60;
      this.last[i] = now - age;
      const n = Math.max(1, Math.min(5_000, Math.round(-Math.log(1 - r()) * mean)));
      this.count[i] = n;
      sum += n;
      const span = Math.floor(r() * 3 * DAY) + 600;
      this.step[i] = Math.max(1, Math.floor(span / Math.max(1, n - 1)));
      this.flag[i] = flagFor(age / DAY, r());
      this.agent[i] = Math.floor(r() * agents);
      this.chatIds.push(randomUUID());
      this.contactIds.push(randomUUID());
    }
    // Exactly the asked-for total: spread the difference one message at a time.
    for (let i = 0; sum !== messages; i = (i + 7919) % chats) {
      const n = this.count[i] ?? 1;
      if (sum < messages && n < 5_000) {
        this.count[i] = n + 1;
        sum++;
      } else if (sum > messages && n > 1) {
        this.count[i] = n - 1;
        sum--;
      }
    }
    for (let i = 0; i < chats; i++) this.start[i + 1] = (this.start[i] ?? 0) + (this.count[i] ?? 0);
    this.totalMessages = sum;
  }

  private time(i: number, k: number): number {
    const n = this.count[i] ?? 1;
    return (this.last[i] ?? 0) - (n - 1 - k) * (this.step[i] ?? 1);
  }

  /** Red chats end with the customer (awaiting a reply), green ones with the agent. */
  private fromMe(i: number, k: number): boolean {
    const n = this.count[i] ?? 1;
    if (k === n - 1 && this.flag[i] !== 0) return this.flag[i] === 2;
    if (k === 0) return false;
    return hash01(i, k) < 0.5;
  }

  private identity(i: number) {
    const r = rng(i * 31 + 7);
    const first = FIRST_NAMES[Math.floor(r() * FIRST_NAMES.length)] as string;
    const lastName = LAST_NAMES[Math.floor(r() * LAST_NAMES.length)] as string;
    const channel = this.channel[i] ?? 0;
    if (channel <= 1) {
      // Unique by construction: i × 7919 mod a number coprime with it is a permutation.
      const identifier = `628${1_100_000_000 + ((i * 7919) % 899_999_999)}`;
      return { first, identifier, name: r() < 0.08 ? '' : `${first} ${lastName}` };
    }
    if (channel === 2) {
      const handle = `${first}.${lastName}${Math.floor(r() * 100)}`.toLowerCase();
      return { first, identifier: `1784${10_000_000_000_000 + i}`, name: handle };
    }
    return { first, identifier: `2${String(i).padStart(15, '0')}`, name: `${first} ${lastName}` };
  }

  *contactLines(refs: LargeRefs): Generator<string> {
    for (let i = 0; i < this.chats; i++) {
      const { identifier, name } = this.identity(i);
      const phone = (this.channel[i] ?? 0) <= 1 ? identifier : null;
      yield row([this.contactIds[i] ?? '', refs.accountId, name, phone]);
    }
  }

  *chatLines(refs: LargeRefs): Generator<string> {
    for (let i = 0; i < this.chats; i++) {
      const r = rng(i * 131 + 3);
      const { first, identifier, name } = this.identity(i);
      const n = this.count[i] ?? 1;
      const flag = this.flag[i] ?? 0;
      const last = this.last[i] ?? 0;
      const ageDays = (this.now - last) / DAY;
      const assigned = r() < (flag === 0 ? 0.08 : 0.9);
      const unread = flag === 1 ? (r() < 0.7 ? 1 + Math.floor(r() * 4) : 0) : r() < 0.005 ? 1 : 0;
      const division = r() < 0.55 ? [refs.divisionIds[Math.floor(r() * 4)] as string] : [];
      const labelCount = ((x) => (x < 0.7 ? 0 : x < 0.92 ? 1 : 2))(r());
      const labels = new Set<string>();
      for (let l = 0; l < labelCount; l++) labels.add(refs.labelIds[pick(LABEL_CUM, r())] ?? '');
      const archived = r() < (ageDays > 60 ? 0.35 : 0.03);
      const blocked = r() < 0.001;
      const lastFromMe = this.fromMe(i, n - 1);
      let inbound = n - 1;
      while (inbound > 0 && this.fromMe(i, inbound)) inbound--;
      const channel = refs.channels[this.channel[i] ?? 0];
      if (!channel) throw new Error('large seed: missing channel');
      yield row([
        this.chatIds[i] ?? '',
        refs.accountId,
        channel.id,
        this.contactIds[i] ?? '',
        channel.channel,
        identifier,
        name,
        assigned ? (refs.agentIds[this.agent[i] ?? 0] ?? null) : null,
        `{${division.join(',')}}`,
        FLAG_NAMES[flag] ?? 'gray',
        unread,
        messageText(i, n - 1, lastFromMe, first),
        'text',
        lastFromMe,
        iso(last),
        iso(this.time(i, inbound)),
        archived,
        `{${[...labels].join(',')}}`,
        blocked,
        iso(this.time(i, 0)),
        iso(last),
      ]);
    }
  }

  /**
   * Every message in time order (so ids grow with time, as live ingest makes them), found by
   * sorting one packed key per message: seconds since `base` above, position below.
   */
  *messageLines(refs: LargeRefs, log: (line: string) => void): Generator<string> {
    const total = this.totalMessages;
    const keys = new Float64Array(total);
    const chatOf = new Int32Array(total);
    const base = this.now - (HISTORY_DAYS + 30) * DAY;
    for (let i = 0; i < this.chats; i++) {
      const s = this.start[i] ?? 0;
      for (let k = 0; k < (this.count[i] ?? 0); k++) {
        chatOf[s + k] = i;
        keys[s + k] = Math.max(0, this.time(i, k) - base) * POSITION_BITS + s + k;
      }
    }
    const sortStarted = Date.now();
    keys.sort();
    log(
      `  sorted ${total.toLocaleString('en')} messages by time in ${Date.now() - sortStarted} ms`,
    );
    const firstNames = new Map<number, string>();
    for (let seq = 0; seq < total; seq++) {
      const key = keys[seq] ?? 0;
      const high = Math.floor(key / POSITION_BITS);
      const p = key - high * POSITION_BITS;
      const i = chatOf[p] ?? 0;
      const k = p - (this.start[i] ?? 0);
      const t = base + high;
      const fromMe = this.fromMe(i, k);
      let first = firstNames.get(i);
      if (first === undefined) {
        first = this.identity(i).first;
        if (firstNames.size > 100_000) firstNames.clear();
        firstNames.set(i, first);
      }
      const at = iso(t);
      yield row([
        refs.accountId,
        this.chatIds[i] ?? '',
        refs.channels[this.channel[i] ?? 0]?.id ?? '',
        `lg.${String(seq).padStart(9, '0')}`,
        'text',
        messageText(i, k, fromMe, first),
        '{}',
        fromMe ? (t > this.now - DAY ? 'delivered' : 'read') : 'received',
        fromMe,
        fromMe ? (refs.agentIds[this.agent[i] ?? 0] ?? null) : null,
        false,
        at,
        at,
      ]);
    }
  }
}
