import type { Message } from '@sapa/contracts';
import { dayKey } from '../dates';

/** Bubbles further apart than this start a new run (a new tail), as on the phone. */
const RUN_GAP_MS = 10 * 60 * 1000;

export interface DayItem {
  message: Message;
  /** First bubble of a run from the same side. */
  first: boolean;
}

export interface DayGroup {
  key: string;
  timestamp: number;
  items: DayItem[];
}

function isLine(m: Pick<Message, 'msgType' | 'isSystem'>): boolean {
  return m.msgType === 'information' || m.isSystem;
}

/** Chronological messages → one group per local calendar day, skipping `hidden` ones. */
export function groupByDay(messages: readonly Message[], hidden: ReadonlySet<string>): DayGroup[] {
  const groups: DayGroup[] = [];
  let prev: Message | null = null;
  for (const message of messages) {
    if (hidden.has(message._id)) continue;
    const key = dayKey(message.timestamp);
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, timestamp: message.timestamp, items: [] };
      groups.push(group);
      prev = null;
    }
    const first =
      prev === null ||
      isLine(prev) ||
      prev.fromMe !== message.fromMe ||
      message.timestamp - prev.timestamp > RUN_GAP_MS;
    group.items.push({ message, first });
    prev = message;
  }
  return groups;
}
