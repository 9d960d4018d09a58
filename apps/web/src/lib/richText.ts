/**
 * WhatsApp's light formatting (*bold*, _italic_, ~strike~, ```mono```) and clickable links,
 * parsed into a small tree the bubble renders with React elements. Never HTML: message text is
 * the customer's, so it must not reach innerHTML.
 */

export type RichNode =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'mono'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: RichNode[] };

const STYLE_BY_MARKER = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
type Marker = keyof typeof STYLE_BY_MARKER;

// A URL runs to the next space; trailing punctuation belongs to the sentence, not the link.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,:;!?'")\]}]/giu;
const MONO_PATTERN = /```([\s\S]+?)```/gu;

/** The href for a matched URL; "www." links get https, anything else is refused. */
export function safeHref(raw: string): string | null {
  const href = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function isBoundary(char: string | undefined): boolean {
  // WhatsApp only formats when the marker touches a word edge: "2*3*4" or "snake_case" stay.
  return char === undefined || /[\s\p{P}\p{S}]/u.test(char);
}

/** Finds the closing marker for an opening one at `open`, on the same line. */
function closingIndex(text: string, open: number, marker: Marker): number {
  const first = text[open + 1];
  if (first === undefined || /\s/.test(first) || first === marker) return -1;
  for (let i = open + 2; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\n') return -1;
    if (char !== marker) continue;
    if (/\s/.test(text[i - 1] ?? ' ')) continue;
    if (isBoundary(text[i + 1])) return i;
  }
  return -1;
}

function pushText(nodes: RichNode[], text: string): void {
  if (!text) return;
  const last = nodes[nodes.length - 1];
  if (last?.kind === 'text') last.text += text;
  else nodes.push({ kind: 'text', text });
}

function parseStyles(text: string): RichNode[] {
  const nodes: RichNode[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char in STYLE_BY_MARKER && isBoundary(text[i - 1])) {
      const marker = char as Marker;
      const close = closingIndex(text, i, marker);
      if (close > 0) {
        pushText(nodes, plain);
        plain = '';
        nodes.push({
          kind: STYLE_BY_MARKER[marker],
          children: parseStyles(text.slice(i + 1, close)),
        });
        i = close + 1;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  pushText(nodes, plain);
  return nodes;
}

function parseLinks(text: string): RichNode[] {
  const nodes: RichNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = safeHref(match[0]);
    if (!href) continue;
    nodes.push(...parseStyles(text.slice(last, match.index)));
    nodes.push({ kind: 'link', href, text: match[0] });
    last = match.index + match[0].length;
  }
  nodes.push(...parseStyles(text.slice(last)));
  return nodes;
}

/** Message text → nodes: monospace blocks first (nothing inside them is formatted), then links. */
export function parseRichText(text: string): RichNode[] {
  const nodes: RichNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MONO_PATTERN)) {
    nodes.push(...parseLinks(text.slice(last, match.index)));
    nodes.push({ kind: 'mono', text: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  nodes.push(...parseLinks(text.slice(last)));
  return nodes;
}
