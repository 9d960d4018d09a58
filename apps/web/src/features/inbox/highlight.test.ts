import { describe, expect, it } from 'vitest';
import { highlightParts, snippetAround } from './highlight';

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlightParts', () => {
  it('marks every occurrence of the phrase, whatever the case, keeping the text intact', () => {
    expect(marked('Stok kaos habis? stok baru kapan', 'stok')).toBe(
      '[Stok] kaos habis? [stok] baru kapan',
    );
    expect(marked('Ukuran XL ada', 'ran xl')).toBe('Uku[ran XL] ada');
  });

  it('treats the search as text, not as a pattern', () => {
    expect(marked('Harga (promo) 50.000?', '(promo)')).toBe('Harga [(promo)] 50.000?');
    expect(marked('a.b.c', '.')).toBe('a[.]b[.]c');
  });

  it('falls back to the words when the phrase is not there', () => {
    expect(marked('kaos merah ukuran L', 'merah kaos')).toBe('[kaos] [merah] ukuran L');
  });

  it('returns the text unmarked for an empty search or no match', () => {
    expect(highlightParts('Halo', '  ')).toEqual([{ text: 'Halo', match: false }]);
    expect(highlightParts('Halo', 'xyz')).toEqual([{ text: 'Halo', match: false }]);
    expect(highlightParts('', 'a')).toEqual([]);
  });
});

describe('snippetAround', () => {
  it('keeps a short text whole, on one line', () => {
    expect(snippetAround('Halo\nstok ada?', 'stok')).toBe('Halo stok ada?');
  });

  it('starts a long text near the match, at a word boundary, with ellipses', () => {
    const text = `${'kata '.repeat(30)}pesanan saya belum sampai ${'lagi '.repeat(40)}`;
    const snippet = snippetAround(text, 'belum sampai');
    expect(snippet.startsWith('…kata')).toBe(true);
    expect(snippet).toContain('belum sampai');
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(142);
  });
});
