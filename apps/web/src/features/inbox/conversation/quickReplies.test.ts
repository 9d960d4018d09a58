import { describe, expect, it } from 'vitest';
import type { QuickReply } from '@sapa/contracts';
import { filterQuickReplies, quickReplyFilter } from './quickReplies';

function reply(shortcut: string, text: string): QuickReply {
  return { _id: shortcut, shortcut, text, media: null, divisionIds: [], createdAt: '' };
}

describe('quick replies', () => {
  it('open only for a slash at the start, up to the first space', () => {
    expect(quickReplyFilter('/')).toBe('');
    expect(quickReplyFilter('/ong')).toBe('ong');
    expect(quickReplyFilter('/ongkir ')).toBeNull();
    expect(quickReplyFilter('halo /ongkir')).toBeNull();
    expect(quickReplyFilter('')).toBeNull();
  });

  it('rank shortcut prefixes, then shortcut substrings, then text matches', () => {
    const list = [
      reply('salam', 'Selamat pagi, ada yang bisa dibantu?'),
      reply('info-ongkir', 'Ongkir dihitung saat checkout'),
      reply('ongkir', 'Ongkir gratis di atas Rp 100.000'),
      reply('terima', 'Terima kasih sudah berbelanja'),
    ];
    expect(filterQuickReplies(list, 'ong').map((r) => r.shortcut)).toEqual([
      'ongkir',
      'info-ongkir',
    ]);
    expect(filterQuickReplies(list, 'BELANJA').map((r) => r.shortcut)).toEqual(['terima']);
    expect(filterQuickReplies(list, '').map((r) => r.shortcut)).toEqual([
      'info-ongkir',
      'ongkir',
      'salam',
      'terima',
    ]);
    expect(filterQuickReplies(list, 'zzz')).toEqual([]);
  });
});
