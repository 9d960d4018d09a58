/**
 * The PDF uses the standard Helvetica, whose encoding (WinAnsi) holds Latin-1 plus a few
 * typographic marks: enough for Indonesian and English, and no font file to ship. Anything else a
 * buyer typed (a name in another script, an emoji) would print as garbage, so it is reduced to
 * its base letter where one exists ("Đ" → "D") and to "?" otherwise, visibly, never silently lost.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function encodable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

const LOOKALIKE: Record<string, string> = { Đ: 'D', đ: 'd', Ł: 'L', ł: 'l', ı: 'i', '\t': ' ' };

export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (ch === '\n' || encodable(ch)) {
      out += ch;
      continue;
    }
    const base = LOOKALIKE[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every(encodable) ? base : '?';
  }
  return out;
}
