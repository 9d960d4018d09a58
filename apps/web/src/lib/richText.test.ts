import { describe, expect, it } from 'vitest';
import { parseRichText, safeHref } from './richText';

describe('parseRichText', () => {
  it('keeps plain text and line breaks as they are', () => {
    expect(parseRichText('Halo kak\nstok ada?')).toEqual([
      { kind: 'text', text: 'Halo kak\nstok ada?' },
    ]);
  });

  it('reads WhatsApp bold, italic, strike and monospace', () => {
    expect(parseRichText('*Promo* _hari ini_ ~Rp 100.000~ ```KODE10```')).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'Promo' }] },
      { kind: 'text', text: ' ' },
      { kind: 'italic', children: [{ kind: 'text', text: 'hari ini' }] },
      { kind: 'text', text: ' ' },
      { kind: 'strike', children: [{ kind: 'text', text: 'Rp 100.000' }] },
      { kind: 'text', text: ' ' },
      { kind: 'mono', text: 'KODE10' },
    ]);
  });

  it('nests styles', () => {
    expect(parseRichText('*_penting_*')).toEqual([
      {
        kind: 'bold',
        children: [{ kind: 'italic', children: [{ kind: 'text', text: 'penting' }] }],
      },
    ]);
  });

  it('leaves markers inside words and lone markers alone', () => {
    for (const text of ['2*3*4', 'snake_case_name', '* bukan bold*', 'a * b', '**']) {
      expect(parseRichText(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('does not format across lines', () => {
    expect(parseRichText('*satu\ndua*')).toEqual([{ kind: 'text', text: '*satu\ndua*' }]);
  });

  it('makes links clickable, without the sentence punctuation and without formatting inside', () => {
    expect(parseRichText('Cek https://toko.id/a_b_c, atau www.sapa.id.')).toEqual([
      { kind: 'text', text: 'Cek ' },
      { kind: 'link', href: 'https://toko.id/a_b_c', text: 'https://toko.id/a_b_c' },
      { kind: 'text', text: ', atau ' },
      { kind: 'link', href: 'https://www.sapa.id/', text: 'www.sapa.id' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never turns other schemes into links', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(parseRichText('javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'javascript:alert(1)' },
    ]);
  });
});
