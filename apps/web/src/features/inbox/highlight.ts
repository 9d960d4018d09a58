/** A piece of text, marked when it matches the search. */
export interface TextPart {
  text: string;
  match: boolean;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What to mark for a search: the whole phrase when the text contains it (the server matches the
 * phrase as a substring), otherwise each word of two or more letters, so a hit found by a looser
 * match still shows why it was found.
 */
function needles(text: string, query: string): string[] {
  const phrase = query.trim();
  if (!phrase) return [];
  if (text.toLowerCase().includes(phrase.toLowerCase())) return [phrase];
  return phrase.split(/\s+/).filter((word) => word.length >= 2);
}

/** Splits `text` into marked and unmarked parts, case-insensitively; joined they give `text`. */
export function highlightParts(text: string, query: string): TextPart[] {
  const words = needles(text, query);
  if (words.length === 0 || !text) return text ? [{ text, match: false }] : [];
  // Longest first, so "stok" wins over "st" when both are searched.
  const pattern = new RegExp(
    `(${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})`,
    'gi',
  );
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * The part of a long message worth showing in a result: the first match with some words before
 * it, so the highlight is visible even when it sits deep inside a long text. Newlines become
 * spaces because the snippet is one or two lines.
 */
export function snippetAround(text: string, query: string, before = 32, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = needles(flat, query);
  const lower = flat.toLowerCase();
  const at = words.reduce<number>((best, word) => {
    const i = lower.indexOf(word.toLowerCase());
    return i >= 0 && (best < 0 || i < best) ? i : best;
  }, -1);
  let start = at > before ? at - before : 0;
  // Start on a word boundary rather than in the middle of a word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
