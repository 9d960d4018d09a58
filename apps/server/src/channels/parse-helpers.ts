/** Tolerant readers for provider JSON: a wrong type reads as empty, never throws. */
export type Obj = Record<string, unknown>;

export const obj = (v: unknown): Obj =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};

export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A string, or a number as its decimal text (Meta sends some ids as JSON numbers). */
export const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

/** A non-empty string (or number as text), else null. */
export const nonEmpty = (v: unknown): string | null => {
  const s = str(v);
  return s === null || s === '' ? null : s;
};

// The last second of year 9999: beyond it a Date may be invalid (1e20 s) or not one PostgreSQL
// reads back, and either failed the whole batch. Such a time is replaced by the arrival time.
const MAX_SECONDS = 253_402_300_799;

/** Unix seconds (WhatsApp, as text) → a Date, or `fallback` when absent or out of any calendar. */
export function fromSeconds(v: unknown, fallback: Date): Date {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 && n <= MAX_SECONDS ? new Date(n * 1000) : fallback;
}

/** Unix milliseconds (Messenger, Instagram) → a Date, or `fallback`, as fromSeconds. */
export function fromMillis(v: unknown, fallback: Date): Date {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 && n <= MAX_SECONDS * 1000 ? new Date(n) : fallback;
}

/** As fromMillis, but null when there is no usable time (a read watermark). */
export function millisOrNull(v: unknown): Date | null {
  const d = fromMillis(v, new Date(NaN));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A reaction as the inbox stores it today: an information line naming the emoji (the same on
 * every channel, so the inbox and the older WhatsApp parse share it).
 */
export function reactionBody(
  emoji: string,
  targetProviderId: string | null,
): { msgType: 'information'; text: string; payload: Record<string, unknown> } {
  return {
    msgType: 'information',
    text: emoji ? `Reacted ${emoji} to a message` : 'Removed a reaction',
    payload: { reaction: { emoji, targetProviderId } },
  };
}
